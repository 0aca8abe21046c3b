import { createAuth } from "./auth.js";
import type { WorkerChrome } from "./chrome.js";
import { popupStates } from "./popup-state.js";

declare const chrome: WorkerChrome;
/** The server's address, set at build time (scripts/build-extension.mjs, docs/decisions/092). */
declare const SERVER_URL: string;

const answer = popupStates(createAuth({ chrome, server: SERVER_URL }));

chrome.runtime.onMessage.addListener((message, _sender, sendResponse) => {
  answer(message).then(sendResponse, () => sendResponse({ view: "unreachable" }));
  // The answer comes later: keep the channel open.
  return true;
});
