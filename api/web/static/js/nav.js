// The header: who is signed in, and signing out.
import { player, signOut } from "./session.js";

const me = player();
for (const node of document.querySelectorAll("#account-nav [data-when]")) {
  node.hidden = (node.dataset.when === "signed-in") !== Boolean(me);
}
if (me) document.getElementById("who").textContent = me.name;
document.getElementById("sign-out").addEventListener("click", () => {
  signOut();
  window.location.assign("/login");
});
