/** The feed's people: their pages, their pictures, and who is in which episode. This file is the module's door: the rest of the server uses only what it exports. */
export { peopleRouter } from "./routes";
export { createPeopleService } from "./service";
export type { PeopleService } from "./service";
export { claimDuePictures, countPendingPictures, recordPicture, replaceEpisodePeople, replaceShowPeople, upsertPeople } from "./storage";
export type { PersonInput } from "./storage";
