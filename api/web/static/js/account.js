// Register and sign in: the server checks the name and password and sets the session cookie.
import { _ } from "./i18n.js";
import { ApiError } from "./api.js";
import { showError } from "./dom.js";
import { register, signIn } from "./session.js";

const form = document.getElementById("account-form");
const error = document.getElementById("form-error");

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  showError(error, "");
  const name = form.elements.name.value.trim();
  const password = form.elements.password.value;
  const displayName = form.elements.display_name ? form.elements.display_name.value.trim() : "";
  if (!name) return showError(error, _("Your login name is required."));
  if (!password) return showError(error, _("A password is required."));
  try {
    if (form.dataset.mode === "register") await register(name, password, displayName);
    else await signIn(name, password);
    window.location.assign("/");
  } catch (failure) {
    showError(error, failure instanceof ApiError ? failure.message : _("The server could not be reached."));
  }
});
form.querySelector("button[type=submit]").disabled = false;
