/**
 * What the database can store of a text a mail's sender chose: U+0000 removed, a lone
 * surrogate (from a broken UTF-16 part) as U+FFFD. Mail is never refused for its bytes: the
 * message is kept as received, and only what is read out of it for people is cleaned.
 */
export const storable = (text: string) => text.replace(/\u0000/g, "").toWellFormed();
