// Sobek in words: goods, cards, tokens and every command a player can choose, described for people. Card and
// token names and texts come from the view (messages of the catalogs), never from here.
import { _, n_, p_, t } from "../../js/i18n.js";

export const GOODS_NAMES = {
  ivory: () => p_("goods", "ivory"), ebony: () => p_("goods", "ebony"), marble: () => p_("goods", "marble"),
  cattle: () => p_("goods", "cattle"), fish: () => p_("goods", "fish"), wheat: () => p_("goods", "wheat"),
  amulet: () => p_("goods", "amulet"),
};
export const BACK_NAMES = { green: () => p_("back", "green"), beige: () => p_("back", "beige"), orange: () => p_("back", "orange") };
export const SYMBOL_NAMES = { ankh: () => p_("track", "ankh"), eye: () => p_("track", "eye"), scarab: () => p_("track", "scarab"), number: () => p_("track", "numbered") };

export const goodsName = (goods) => (GOODS_NAMES[goods] ? GOODS_NAMES[goods]() : goods);
export const backName = (back) => (BACK_NAMES[back] ? BACK_NAMES[back]() : back);
export const symbolName = (kind) => (SYMBOL_NAMES[kind] ? SYMBOL_NAMES[kind]() : kind);

// Every card the viewer may see, by id.
export function cardLookup(view) {
  const cards = new Map();
  const add = (list) => (list || []).forEach((card) => cards.set(card.id, card));
  add(view.nile.map((slot) => slot.card).filter(Boolean));
  add(view.discard);
  for (const player of view.players) {
    add(player.hand);
    add(player.corruption);
    add(player.purged);
    for (const set of [...player.upright, ...player.sideways]) add(set.cards);
  }
  if (view.vizier_look) add(view.vizier_look.cards);
  return cards;
}

// "ivory (3 scarabs)", "Thief (fish)": the card's name as the server words it.
export function cardTitle(card) {
  if (!card) return _("a hidden card");
  return t(card.name);
}

export const cardWords = (cards, id) => cardTitle(cards.get(id));

// What makes two cards interchangeable in a set: a character stands for itself.
export function kindOf(card) {
  return card.power ? card.id : `${card.goods}|${card.scarabs}|${card.back}`;
}

export const signature = (cards, ids) => ids.map((id) => kindOf(cards.get(id))).sort().join(",");

function setName(view, index) {
  const set = view.players.find((p) => p.seat === view.viewer).upright[index];
  if (!set) return _("set {number}", { number: index + 1 });
  return n_("your {goods} set ({count} card)", "your {goods} set ({count} cards)", set.cards.length, { goods: goodsName(set.goods) });
}

const tokenOf = (view, id) => view.token_faces.find((token) => token.id === id);

function nileCard(view, position) {
  const slot = view.nile[position - 1];
  return slot.card ? cardTitle(slot.card) : _("a face-down character");
}

// One command as the label of its button.
export function describeCommand(view, names, command) {
  const cards = cardLookup(view);
  switch (command.type) {
    case "sobek.take": {
      const card = nileCard(view, command.position);
      if (command.position === 1) return _("Take Nile card 1: {card}, no corruption", { card });
      return n_("Take Nile card {position}: {card}, {count} card to corruption", "Take Nile card {position}: {card}, {count} cards to corruption",
        command.position - 1, { position: command.position, card });
    }
    case "sobek.hire": return _("Merchant: take Nile card {position}, {card}", { position: command.position, card: nileCard(view, command.position) });
    case "sobek.play_character": return _("Play {card} for its power", { card: cardTitle(cards.get(command.card)) });
    case "sobek.choose_token": {
      const token = tokenOf(view, command.token);
      return token ? `${t(token.name)}: ${t(token.text)}` : _("Choose this token");
    }
    case "sobek.push": return _("Push {name} back", { name: names[command.target] });
    case "sobek.curse": return _("Curse {name}", { name: names[command.target] });
    case "sobek.prosper": return _("Prosperity on {set}", { set: setName(view, command.set) });
    case "sobek.steal": return _("Steal a card with a {back} back from {name}", { back: backName(command.back), name: names[command.target] });
    case "sobek.look": return _("Look at {name}'s corruption pile", { name: names[command.target] });
    case "sobek.pick": return _("Take {card}", { card: cardWords(cards, command.card) });
    case "sobek.purge": return _("Remove every {goods} card from my corruption pile", { goods: goodsName(command.goods) });
    case "sobek.discard": return _("Discard {card}", { card: cardWords(cards, command.card) });
    case "sobek.finish": return _("Finish: lay no more sideways sets");
    case "sobek.choose_start": return command.seat === view.viewer ? _("{name} (me) starts", { name: names[command.seat] }) : _("{name} starts", { name: names[command.seat] });
    case "sobek.play_set": return command.join >= 0 ? _("Add to {set}", { set: setName(view, command.join) }) : _("Lay a new upright set");
    case "sobek.lay_sideways": return _("Lay as a sideways set");
    case "sobek.court": return _("Add to {set}", { set: setName(view, command.set) });
    default: return _("Choose");
  }
}
