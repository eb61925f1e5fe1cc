/** The people with access: invitations by link, the list, removal (docs/product.md "People with access"). This file is the module's door. */
export { createAccessService, type AccessService } from "./service";
export { accessRouter } from "./routes";
