/**
 * A one-time link's token is a password for as long as the link works: no log line may carry it. Whatever a line
 * holds (a path, a URL, an error's message), the part after /welcome/ is replaced.
 */
const LINK_TOKEN = /(\/welcome\/)[^/?#\s"'\\]+/g;

/**
 * @param {string} text
 * @returns {string}
 */
export function maskLinkTokens(text) {
  return text.replace(LINK_TOKEN, "$1[token]");
}
