-- The audition log kept the whole code that worked, its secret prefix included; it keeps only the
-- candidate's number now (the trailing digits; a code without any keeps nothing).
UPDATE "editor_access_log" SET "code" = substring("code" from '[0-9]+$') WHERE "code" IS NOT NULL;
