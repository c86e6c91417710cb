import type { ResultsDocument } from '../verdict/resultsDocument.ts';

// The verdict as people read it, the same in the terminal, report.html and the page
// title: CONFORMANT, NON-CONFORMANT, and for a run that judged part of the catalogue
// "CONFORMANT (partial: 3 of 258 requirements)", so a narrowed run never reads as a full one.

export function verdictLabel(document: Pick<ResultsDocument, 'verdict' | 'partial'>): string {
  const word = document.verdict === 'conformant' ? 'CONFORMANT' : 'NON-CONFORMANT';
  return document.partial ? `${word} (partial: ${document.partial.requirements} of ${document.partial.of} requirements)` : word;
}
