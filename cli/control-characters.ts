// Paths a person gives (an S3 prefix, a redirect's old address) may not hold control characters:
// they print as nothing, and no file or object name should carry them.

/** Whether text holds a control character (U+0000–U+001F or U+007F). */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
