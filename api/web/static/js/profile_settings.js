// Profile settings: what the player may change of their public profile (the display name).
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
}

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(error, "");
  saved.hidden = true;
  try {
    const { data } = await api("PUT", "/accounts/me/profile", { body: { display_name: input.value } });
    input.value = data.display_name;
    saved.hidden = false;
    const who = document.getElementById("who"); // the header's link to the profile follows the new name
    who.href = `/players/${encodeURIComponent(data.display_name)}`;
    who.setAttribute("aria-label", `Your profile (${data.display_name})`);
  } catch (refused) {
    showError(error, refused instanceof ApiError ? refused.message : "The server could not be reached.");
  }
});

load();
