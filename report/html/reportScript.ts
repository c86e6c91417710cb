import { FAILING_OUTCOMES } from '../../harness/records/checkRecords.ts';

// The report's only script, inlined: filter the requirement matrix by outcome
// and by a search text, starting from the filter the page marks pressed (the
// failures, when there are any), and copy a command to the clipboard. It reads
// data attributes and text only; all content is rendered (and escaped)
// beforehand, so the script never builds markup from data.

export const REPORT_SCRIPT = `
(function () {
  var buttons = Array.prototype.slice.call(document.querySelectorAll('[data-filter]'));
  var search = document.getElementById('search');
  var shown = document.getElementById('shown');
  var rows = Array.prototype.slice.call(document.querySelectorAll('details.requirement'));
  var groups = Array.prototype.slice.call(document.querySelectorAll('section.group'));
  var pressed = document.querySelector('[data-filter][aria-pressed="true"]');
  var filter = pressed ? pressed.getAttribute('data-filter') : 'all';
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
  // Copy buttons: the command in the <pre> beside the button. The clipboard API where the page may use it,
  // else the selection and the copy command (a page opened from disk in an older browser).
  function copied(button, done) {
    button.textContent = done ? 'Copied' : 'Select and copy';
    setTimeout(function () { button.textContent = 'Copy'; }, 2000);
  }
  function copyBySelection(pre) {
    var range = document.createRange();
    range.selectNodeContents(pre);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    var done = false;
    try { done = document.execCommand('copy'); } catch (error) { done = false; }
    return done;
  }
  Array.prototype.slice.call(document.querySelectorAll('button.copy')).forEach(function (button) {
    button.addEventListener('click', function () {
      var pre = button.parentNode.querySelector('pre');
      var text = pre.textContent;
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(function () { copied(button, true); }, function () { copied(button, copyBySelection(pre)); });
      } else {
        copied(button, copyBySelection(pre));
      }
    });
  });
  apply();
  reveal();
})();
`;
