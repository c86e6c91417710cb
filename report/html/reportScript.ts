import { FAILING_OUTCOMES } from '../../harness/records/checkRecords.ts';

// The report's only script, inlined: filter the requirement matrix by outcome
// and by a search text. It reads data attributes only; all content is rendered
// (and escaped) beforehand, so the script never builds markup from data.

export const REPORT_SCRIPT = `
(function () {
  var buttons = Array.prototype.slice.call(document.querySelectorAll('[data-filter]'));
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  var rows = Array.prototype.slice.call(document.querySelectorAll('details.requirement'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('section.group'));
  var filter = 'all';
  function matchesOutcome(outcome) {
    if (filter === 'all') return true;
    if (filter === 'failing') return ${JSON.stringify(FAILING_OUTCOMES)}.indexOf(outcome) !== -1;
    return outcome === filter;
  }
  function apply() {
    var words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var count = 0;
    rows.forEach(function (row) {
      var text = row.getAttribute('data-text');
      var visible = matchesOutcome(row.getAttribute('data-outcome')) && words.every(function (word) { return text.indexOf(word) !== -1; });
      row.hidden = !visible;
      if (visible) count += 1;
    });
    groups.forEach(function (group) {
      group.hidden = !group.querySelector('details.requirement:not([hidden])');
    });
    shown.textContent = count + ' of ' + rows.length + ' requirements shown';
  }
  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      filter = button.getAttribute('data-filter');
      buttons.forEach(function (other) { other.setAttribute('aria-pressed', String(other === button)); });
      apply();
    });
  });
  search.addEventListener('input', apply);
  // A link to #req-<id> (the verdict banner, the observations table) opens that row,
  // showing it again if the filter or the search hid it.
  function reveal() {
    var target = location.hash.indexOf('#req-') === 0 ? document.getElementById(location.hash.slice(1)) : null;
    if (!target || target.tagName !== 'DETAILS') return;
    if (target.hidden) {
      search.value = '';
      document.querySelector('[data-filter="all"]').click();
    }
    target.open = true;
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
  apply();
  reveal();
})();
`;
