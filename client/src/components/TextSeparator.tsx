/**
 * The " · " between two parts of a line ("Sugar Dragon · Cutting"), which assistive technology reads as a comma:
 * "Sugar Dragon, Cutting". The dot is the CSS's (`text-separator` in styles.css: generated content whose
 * alternative text is ", "), so no hidden text sits beside it: a visually hidden comma is laid out as a block and
 * read with a space before it ("Sugar Dragon , Cutting"). Put it between the parts with no space around it.
 */
export function TextSeparator() {
  return <span className="text-separator" />;
}
