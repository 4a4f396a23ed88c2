// The three characters that XML text and Telegram's HTML parse mode both require escaped. The
// simulator writes XML with it, the Telegram adapter its messages, and the transit client uses it
// to know how an XML echo of the API key would be spelled.
export function escapeMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
