import { sendTo } from "./opened-as-page.server";

// SPEC.md §7's GET /user/contact/file_import: the import dialog lives over the contact list.
export const loader = sendTo("/user/contacts/import");
