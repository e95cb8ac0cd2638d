import { describe, expect, it } from 'vitest';
import { fillTemplate } from '../../server/src/plugins/client';

// The shape of the built index.html: text before and after each place the page goes, which a "$`" or "$'"
// pattern would copy in.
const TEMPLATE = [
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Dragon Fruit Marketplace</title>',
  '<script type="module" src="/assets/index.js"></script></head>',
  '<body><div id="root"></div></body></html>',
].join('');

const NASTY = [
  'Dollar $& title $` x',
  'Austin $` TX',
  "tail $' end",
  'two $$ one',
  '</script><script>x=1</script>',
  'nul \u0000 here',
  '$1 $<name>',
];

function serverData(html: string): unknown {
  const match = /<script type="application\/json" id="server-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no server data in the page');
  return JSON.parse(match[1] as string);
}

describe('fillTemplate', () => {
  it.each(NASTY)('puts %j into the title, page and data exactly as given', (text) => {
    const state = { queries: [{ title: text, description: `${text}\n${text}`, nested: { search: text } }] };
    const html = fillTemplate(TEMPLATE, {
      title: text,
      html: `<h1>${text.replace(/[<&]/g, '')}</h1>`,
      state,
    });

    expect(serverData(html)).toEqual(state);
    // The page's own HTML goes in as given, and the template around it is there once, unchanged.
    expect(html).toContain(`<div id="root"><h1>${text.replace(/[<&]/g, '')}</h1></div>`);
    expect(html.startsWith('<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>')).toBe(
      true,
    );
    expect(html.endsWith('</script></body></html>')).toBe(true);
    expect(html.split('<script type="module"').length).toBe(2);
    expect(html.split('<title>').length).toBe(2);
    // The title is the text, escaped as HTML and nothing else.
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const decoded = title.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
    expect(decoded).toBe(text);
  });

  it('cannot be closed early by text in the data', () => {
    const html = fillTemplate(TEMPLATE, {
      title: 't',
      html: '',
      state: { t: '</script><script>x=1</script>' },
    });
    expect(html.split('</script>').length).toBe(3);
  });
});
