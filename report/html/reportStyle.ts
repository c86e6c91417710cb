// The report's only stylesheet, inlined so the file opens offline.

export const REPORT_STYLE = `
:root { --fail:#b42318; --untestable:#8a3ffc; --warn:#b54708; --pass:#067647; --observed:#175cd3; --skip:#667085;
  --ink:#101828; --muted:#475467; --line:#eaecf0; --paper:#fff; --wash:#f9fafb; }
* { box-sizing: border-box; }
body { margin:0; font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; color:var(--ink); background:var(--wash); }
main { max-width:1200px; margin:0 auto; padding:24px; }
h1,h2,h3 { margin:0 0 8px; line-height:1.2; }
h2 { font-size:18px; margin-top:28px; }
h3 { font-size:15px; color:var(--muted); margin:18px 0 6px; }
code, pre { font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; font-size:12.5px; }
pre { background:#0c111d; color:#e4e7ec; padding:10px 12px; border-radius:6px; overflow:auto; max-height:420px; white-space:pre-wrap; word-break:break-word; margin:6px 0; }
.verdict { border-radius:10px; padding:18px 22px; color:#fff; margin-bottom:16px; }
.verdict h1 { font-size:28px; letter-spacing:.02em; }
.verdict p { margin:4px 0 0; }
.verdict-conformant { background:var(--pass); }
.verdict-non-conformant { background:var(--fail); }
.verdict a { color:#fff; text-decoration:underline; }
.verdict .diagnosis { font-weight:600; margin-top:8px; }
details.panel > summary { cursor:pointer; }
details.panel > summary h2 { display:inline; }
.check-FAIL pre, .check-UNTESTABLE pre, .check-WARN pre { max-height:none; }
.facts { display:grid; grid-template-columns:repeat(auto-fill,minmax(260px,1fr)); gap:8px 24px; background:var(--paper); border:1px solid var(--line); border-radius:10px; padding:14px 18px; margin:0; }
.facts div { min-width:0; }
.facts dt { color:var(--muted); font-size:12px; text-transform:uppercase; letter-spacing:.04em; }
.facts dd { margin:0; overflow-wrap:anywhere; }
.facts dd.hash { font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace; font-size:11.5px; }
.counts { display:flex; flex-wrap:wrap; gap:8px; margin:14px 0 0; }
.badge { display:inline-block; min-width:92px; text-align:center; padding:2px 8px; border-radius:999px; font-weight:600; font-size:12px; color:#fff; }
.outcome-FAIL { background:var(--fail); } .outcome-UNTESTABLE { background:var(--untestable); } .outcome-WARN { background:var(--warn); }
.outcome-PASS { background:var(--pass); } .outcome-OBSERVED { background:var(--observed); } .outcome-SKIP { background:var(--skip); }
.panel { background:var(--paper); border:1px solid var(--line); border-radius:10px; padding:14px 18px; margin-top:12px; }
table { border-collapse:collapse; width:100%; }
#comparison td:first-child { width:30%; }
#container { margin:0 0 12px; } #container h2 { margin-top:0; }
#observations td:nth-child(1) { width:22%; } #observations td:nth-child(2) { width:36%; }
th, td { text-align:left; vertical-align:top; padding:6px 8px; border-bottom:1px solid var(--line); }
th { color:var(--muted); font-size:12px; font-weight:600; }
.controls { position:sticky; top:0; z-index:1; display:flex; flex-wrap:wrap; align-items:center; gap:8px; background:var(--wash); padding:10px 0; border-bottom:1px solid var(--line); }
.controls button { border:1px solid var(--line); background:var(--paper); border-radius:999px; padding:4px 12px; cursor:pointer; font:inherit; }
.controls button[aria-pressed="true"] { background:var(--ink); color:#fff; border-color:var(--ink); }
.controls input { flex:1 1 240px; padding:6px 10px; border:1px solid #d0d5dd; border-radius:6px; font:inherit; }
.controls output { color:var(--muted); }
details.requirement { background:var(--paper); border:1px solid var(--line); border-radius:8px; margin:6px 0; }
details.requirement > summary { display:grid; grid-template-columns:104px 260px 64px 1fr; gap:12px; align-items:baseline; padding:8px 12px; cursor:pointer; list-style:none; }
details.requirement > summary::-webkit-details-marker { display:none; }
details.requirement[open] > summary { border-bottom:1px solid var(--line); }
.req-id { font-weight:600; overflow-wrap:anywhere; }
.level { color:var(--muted); font-size:12px; font-weight:600; }
.evidence { padding:10px 14px 14px; }
.evidence .meta { color:var(--muted); margin:0 0 8px; }
.check { border-left:3px solid var(--line); padding:4px 0 4px 10px; margin:10px 0; }
.check-FAIL, .check-UNTESTABLE { border-left-color:var(--fail); } .check-WARN { border-left-color:var(--warn); }
.check-PASS { border-left-color:var(--pass); } .check-OBSERVED { border-left-color:var(--observed); }
.check p { margin:2px 0; }
.scenario { color:var(--muted); font-size:12px; }
.observed { background:#eff8ff; border:1px solid #b2ddff; border-radius:6px; padding:2px 6px; }
.empty { color:var(--muted); font-style:italic; }
.command { position:relative; }
.command pre { padding-right:84px; }
.command button.copy { position:absolute; top:6px; right:6px; border:1px solid #475467; background:#1d2939; color:#fff; border-radius:6px; padding:2px 10px; cursor:pointer; font:inherit; font-size:12px; }
.command button.copy:focus-visible { outline:2px solid #84caff; outline-offset:2px; }
#reproducing { margin-top:16px; }
#reproducing p { margin:0 0 6px; }
[hidden] { display:none !important; }
`;
