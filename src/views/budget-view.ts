/**
 * The budget view of get_project_budget (MCP Apps): one self-contained page, no network, that
 * a host shows in a sandboxed frame. It speaks the Apps protocol over postMessage itself
 * (ui/initialize, then the tool result) and draws the tool's structured output: totals on top,
 * one row of bars per budget holder, the rows over budget marked. Names reach the page only
 * as data and are written with textContent, never as markup.
 */
import { registerAppResource, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';

export const BUDGET_VIEW_URI = 'ui://project-finance-mcp/budget-view.html';

/** The Apps protocol version the page asks for. */
const APPS_PROTOCOL_VERSION = '2026-01-26';

const STYLE = `
:root { color-scheme: light dark; --budget: #4b6cb7; --contracted: #7a5195; --draft: #a58fc0; --approved: #ef8a17; --paid: #2a9d8f; --open: #bc5090; --unweighted: #e0a3c8; --over: #d62828; }
body { font: 13px/1.4 system-ui, sans-serif; margin: 12px; }
h1 { font-size: 15px; margin: 0 0 8px; }
.totals { display: grid; grid-template-columns: repeat(auto-fit, minmax(120px, 1fr)); gap: 6px; margin-bottom: 12px; }
.total { border: 1px solid #8884; border-radius: 6px; padding: 6px 8px; }
.total .label, .bar .label { opacity: .7; font-size: 11px; }
.total .amount { font-weight: 600; font-variant-numeric: tabular-nums; }
.row { border-top: 1px solid #8883; padding: 6px 0; }
.row.over { background: #d6282814; }
.row .name { font-weight: 600; }
.row .flag { color: var(--over); font-weight: 600; margin-left: 6px; }
.bar { display: grid; grid-template-columns: 190px 1fr 130px; align-items: center; gap: 6px; }
.bar .track { height: 8px; background: #8882; border-radius: 4px; overflow: hidden; }
.bar .fill { height: 100%; }
.bar .amount { text-align: right; font-variant-numeric: tabular-nums; }
`;

/*
 * Plain script, run by the browser as it is: no template literals, so it can sit in this
 * module's string. Amounts stay the decimal strings of the tool's output; only the bar widths
 * are computed, as shares of the largest figure shown.
 */
const SCRIPT = `
(function () {
  var FIGURES = [
    ['current_budget', 'Budget', 'budget'],
    ['contracted', 'Contracted', 'contracted'],
    ['in_draft', 'In draft contracts', 'draft'],
    ['approved', 'Approved', 'approved'],
    ['paid', 'Paid', 'paid'],
    ['open_change_orders', 'Open change orders, weighted', 'open'],
    ['open_change_orders_unweighted', 'Open change orders, unweighted', 'unweighted']
  ];
  var TOTALS = FIGURES.concat([
    ['uncommitted', 'Uncommitted (drafts not deducted)', 'budget'],
    ['undistributed_budget', 'Undistributed budget', 'budget'],
    ['over_budget', 'Over budget', 'over']
  ]);
  var nextId = 1;
  var pending = {};

  function send(message) { window.parent.postMessage(message, '*'); }
  function request(method, params) {
    var id = nextId++;
    send({ jsonrpc: '2.0', id: id, method: method, params: params });
    return new Promise(function (resolve) { pending[id] = resolve; });
  }
  function notify(method, params) { send({ jsonrpc: '2.0', method: method, params: params || {} }); }

  function grouped(amount) {
    var negative = amount.charAt(0) === '-';
    var digits = negative ? amount.slice(1) : amount;
    var parts = digits.split('.');
    var whole = parts[0].replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',');
    return (negative ? '-' : '') + whole + (parts.length > 1 ? '.' + parts[1] : '');
  }
  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function amountNode(value, field, currency) {
    var node = element('span', 'amount', grouped(value) + (currency ? ' ' + currency : ''));
    node.dataset.field = field;
    node.dataset.value = value;
    return node;
  }
  function share(value, largest) {
    var number = Math.max(0, Number(value));
    return largest > 0 ? Math.min(100, (number / largest) * 100) : 0;
  }

  function render(budget) {
    var root = document.getElementById('view');
    root.textContent = '';
    var currency = budget.currency || '';
    root.appendChild(element('h1', '', budget.project.name));
    var totals = element('div', 'totals');
    totals.dataset.totals = 'true';
    TOTALS.forEach(function (figure) {
      if (budget.totals[figure[0]] === null || budget.totals[figure[0]] === undefined) return;
      var box = element('div', 'total');
      box.appendChild(element('div', 'label', figure[1]));
      box.appendChild(amountNode(budget.totals[figure[0]], figure[0], currency));
      totals.appendChild(box);
    });
    root.appendChild(totals);
    var largest = 0;
    budget.rows.forEach(function (row) {
      FIGURES.forEach(function (figure) { largest = Math.max(largest, Number(row[figure[0]])); });
    });
    budget.rows.forEach(function (row) {
      var over = Number(row.over_budget) > 0;
      var line = element('div', over ? 'row over' : 'row');
      line.dataset.rowId = row.id;
      var title = element('div');
      title.appendChild(element('span', 'name', row.name || row.id));
      if (over) {
        var flag = element('span', 'flag', 'over budget by ');
        flag.appendChild(amountNode(row.over_budget, 'over_budget', currency));
        title.appendChild(flag);
      }
      line.appendChild(title);
      FIGURES.forEach(function (figure) {
        var bar = element('div', 'bar');
        bar.appendChild(element('span', 'label', figure[1]));
        var track = element('div', 'track');
        var fill = element('div', 'fill');
        fill.style.width = share(row[figure[0]], largest) + '%';
        fill.style.background = 'var(--' + figure[2] + ')';
        track.appendChild(fill);
        bar.appendChild(track);
        bar.appendChild(amountNode(row[figure[0]], figure[0], currency));
        line.appendChild(bar);
      });
      root.appendChild(line);
    });
    document.body.dataset.rendered = 'true';
    notify('ui/notifications/size-changed', { width: document.body.scrollWidth, height: document.body.scrollHeight });
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var message = event.data;
    if (!message || message.jsonrpc !== '2.0') return;
    if (message.id !== undefined && !message.method) {
      var resolve = pending[message.id];
      delete pending[message.id];
      if (resolve) resolve(message.result);
      return;
    }
    if (message.method === 'ui/notifications/tool-result') {
      var result = message.params || {};
      if (result.structuredContent && result.structuredContent.rows) render(result.structuredContent);
      else document.getElementById('view').textContent = 'The budget could not be read; the answer in the conversation says why.';
      return;
    }
    // Requests of the host (teardown, ping) need only an answer.
    if (message.id !== undefined) send({ jsonrpc: '2.0', id: message.id, result: {} });
  });

  request('ui/initialize', {
    appInfo: { name: 'project-finance-mcp budget view', version: '0.1.0' },
    appCapabilities: {},
    protocolVersion: '${APPS_PROTOCOL_VERSION}'
  }).then(function () { notify('ui/notifications/initialized'); });
})();
`;

export const budgetViewHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Project budget</title>
<style>${STYLE}</style>
</head>
<body>
<div id="view">Waiting for the budget…</div>
<script>${SCRIPT}</script>
</body>
</html>
`;

/** Offers the page as the UI resource get_project_budget names (tool _meta ui.resourceUri). */
export function registerBudgetView(server: McpServer): void {
  registerAppResource(
    server,
    'Project budget view',
    BUDGET_VIEW_URI,
    {
      description:
        'Bars per budget holder for get_project_budget: budget, contracted, in draft, approved, paid, open change orders weighted and unweighted.',
    },
    async () => ({ contents: [{ uri: BUDGET_VIEW_URI, mimeType: RESOURCE_MIME_TYPE, text: budgetViewHtml }] }),
  );
}
