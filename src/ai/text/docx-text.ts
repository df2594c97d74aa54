/**
 * The text of a Word (DOCX) document as mammoth reads it into elements, with the cells of a table row kept on one line.
 *
 * mammoth's own raw text gives every cell a paragraph of its own, so a table row becomes a column of lines ("Vessel",
 * "Type", "Rank", "Period", then each row's cells one under the other) and the CV's reader cannot tell a table's head,
 * an area and its skills, or a job's row from a list of skills. The PDF and DOC readers give a row as its cells
 * joined by " | " (`pdfPageText`, `withCellBars`); this does the same for DOCX, so the three formats read alike.
 *
 * A row is joined only when each of its cells is one paragraph at most: CV templates also lay whole columns of a page
 * out as a table (a sidebar of contact details and skills beside the experience), and such a cell's paragraphs stay
 * lines of their own, as before.
 */
export type DocxElement = {
  type: string;
  value?: string;
  children?: readonly DocxElement[];
};

/** What the three readers put between a table row's cells, and what the CV's reader reads cells by. */
export const CELL_BAR = ' | ';

export function docxText(element: DocxElement): string {
  switch (element.type) {
    case 'text':
      return element.value ?? '';
    case 'tab':
      return '\t';
    case 'paragraph':
      return `${childrenText(element)}\n\n`;
    case 'tableRow':
      return rowText(element);
    default:
      return childrenText(element);
  }
}

function childrenText(element: DocxElement): string {
  return (element.children ?? []).map(docxText).join('');
}

function rowText(row: DocxElement): string {
  const cells = row.children ?? [];
  if (!cells.every(isOneParagraph)) return childrenText(row);
  const texts = cells.map((cell) => childrenText(cell).trim()).filter((text) => text !== '');
  return texts.length === 0 ? '' : `${texts.join(CELL_BAR)}\n\n`;
}

/** A cell of one paragraph (or none) and no table inside: a value of the row, not a column of the page. */
function isOneParagraph(cell: DocxElement): boolean {
  const children = cell.children ?? [];
  return children.length <= 1 && children.every((child) => child.type === 'paragraph');
}
