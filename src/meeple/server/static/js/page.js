// A page of the server's own words (an error page): its language switch, nothing else.
import { startPage } from "./i18n.js";

await startPage();
