// What the lobby needs to offer Egizia: its title, player counts and the words for its options.
export const title = "Egizia";
export const players = { min: 2, max: 4, default: 4 };
export const labels = {
  without_sphinx_draw_card: "Without the “+2 Sphinx cards” Nile card",
  without_tenth_card: "Without the “1 VP per 10 points” Sphinx card",
  remove_speculation_card_in_2p: "Remove the speculation card in 2-player games",
  starting_sphinx_card: "Each player starts with one Sphinx card",
};
