// Register and sign in.
import { showError } from "./dom.js";
import { signIn } from "./session.js";

const form = document.getElementById("account-form");
const error = document.getElementById("form-error");

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  const password = form.elements.password.value;
  if (!name) return showError(error, "Your player name is required.");
  if (name.length > 40) return showError(error, "Your player name is at most 40 characters.");
  if (!password) return showError(error, "A password is required.");
  signIn(name);
  window.location.assign("/");
});
