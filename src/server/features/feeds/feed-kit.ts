import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { expect } from 'vitest';

// What the feeds' test files share: the feed read by a real XML parser, as a podcast app reads it.

/** The feed's rss element, channel and items (none, one or many), failing on XML that is not well formed. */
export function parseFeed<Item = Record<string, unknown>>(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false }).parse(xml);
  const channel = doc.rss.channel as Record<string, unknown>;
  const items = (channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item]) as Item[];
  return { rss: doc.rss as Record<string, unknown>, channel, items };
}
