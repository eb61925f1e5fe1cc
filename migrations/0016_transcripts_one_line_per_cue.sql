-- Transcripts are now kept one line per cue (docs/product.md "Listening"); those kept as
-- paragraphs are fetched again in the background. Until then the paragraphs stay shown.
UPDATE "episodes" SET "transcript_source_url" = NULL WHERE "transcript_url" IS NOT NULL;
