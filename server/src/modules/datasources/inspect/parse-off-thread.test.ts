import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { NotThisTypeError } from './inspect-result.js';
import { inspectParser } from './parse-off-thread.js';

const fixture = (name: string) => fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('inspectParser on its thread', () => {
  // Every answer goes to the thread, however small.
  const parser = inspectParser({ inlineBelowBytes: 0, threads: 1 });
  afterAll(() => parser.close());

  it('decodes there as the document and its header say', async () => {
    const latin1 = await parser.parse(
      'wms',
      fixture('wms-1.1.1-latin1.xml'),
      'https://x.example/wms',
      'text/xml',
    );
    expect(latin1.title).toBe("Cartes de la Région Côte-d'Émeraude");
    const utf16 = await parser.parse('wms', fixture('wms-1.3.0-utf16be.xml'), 'https://x.example/wms');
    expect(utf16.title).toBe('Rivermouth Geodata – Küstenschutz');
  });

  it('says there why a document was refused', async () => {
    await expect(
      parser.parse('wms', fixture('wms-entities-xxe.xml'), 'https://x.example/wms'),
    ).rejects.toThrow(new NotThisTypeError('The document declares entities, which are not accepted.'));
    await expect(
      parser.parse('wms', fixture('wms-deep-nesting.xml'), 'https://x.example/wms'),
    ).rejects.toThrow('The document is nested too deeply (more than 100 levels).');
  });
});
