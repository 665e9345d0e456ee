// Profile settings: the display name, the language and whether the game pages ask before sending a move.
import { _ } from "./i18n.js";
import { ApiError, api, get } from "./api.js";
import { showError } from "./dom.js";
import { confirmPlayer } from "./session.js";

const form = document.getElementById("profile-form");
const input = document.getElementById("display-name");
const error = document.getElementById("profile-form-error");
const saved = document.getElementById("profile-form-saved");

async function load() {
  const me = await confirmPlayer();
  document.getElementById("profile-settings-signin").hidden = Boolean(me);
  if (!me) return;
  const settings = await get("/accounts/me/profile");
  input.value = settings.display_name;
  form.hidden = false;
  const chosen = await get("/accounts/me/language");
  languageForm.elements.language.value = chosen.language || "";
  languageForm.hidden = false;
  const moves = await get("/accounts/me/moves");
  movesForm.elements.confirm.checked = moves.confirm;
  movesForm.hidden = false;
}

// Whether the game pages ask before sending a move.
const movesForm = document.getElementById("moves-form");
movesForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const movesError = document.getElementById("moves-form-error");
  const movesSaved = document.getElementById("moves-form-saved");
  showError(movesError, "");
  movesSaved.hidden = true;
  try {
    const { data } = await api("PUT", "/accounts/me/moves", { body: { confirm: movesForm.elements.confirm.checked } });
    movesForm.elements.confirm.checked = data.confirm;
    movesSaved.hidden = false;
  } catch (refused) {
    showError(movesError, refused instanceof ApiError ? refused.message : _("The server could not be reached."));
  }
});

// The language of the pages, mails and notifications: the page is reloaded in the new one.
const languageForm = document.getElementById("language-form");
languageForm.addEventListener("submit", async (event) => {
  event.preventDefault();
  const languageError = document.getElementById("language-form-error");
  showError(languageError, "");
  try {
    await api("PUT", "/accounts/me/language", { body: { language: languageForm.elements.language.value || null } });
    window.location.reload();
  } catch (refused) {
    showError(languageError, refused instanceof ApiError ? refused.message : _("The server could not be reached."));
  }
});

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(error, "");
  saved.hidden = true;
  try {
    const { data } = await api("PUT", "/accounts/me/profile", { body: { display_name: input.value } });
    input.value = data.display_name;
    saved.hidden = false;
    const who = document.getElementById("who"); // the header's link (/profile) names the new name
    who.setAttribute("aria-label", _("Your profile ({name})", { name: data.display_name }));
  } catch (refused) {
    showError(error, refused instanceof ApiError ? refused.message : _("The server could not be reached."));
  }
});

load();
