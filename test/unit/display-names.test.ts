import { displayNameKey, isMarketplaceName, mixesScripts, usernameKey } from '@domain/accounts/display-names';
import { MESSAGES, registerFormSchema } from '@domain/accounts/schemas';
import { SITE_NAME } from '@domain/seo';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// The key two names reading alike share, and the names refused outright (docs/decisions/0030-display-names.md).
describe('displayNameKey', () => {
  it.each([
    ['Sunny Pitaya Farm', 'sunny pitaya farm'],
    ['  Sunny \u00a0\u3000 Pitaya\tFarm ', 'sunny pitaya farm'],
    ['Sun\u200bny Pi\u00adta\u2060ya\ufeff Farm\u200d', 'sunny pitaya farm'],
    ['Ｓｕｎｎｙ', 'sunny'],
    ['𝐒𝐮𝐧𝐧𝐲', 'sunny'],
    ['ﬁg Farm', 'fig farm'],
    ['Cafe\u0301', 'café'],
    ['STRASSE', displayNameKey('Straße')],
    ['Pıtaya', 'pitaya'],
    ['\u0421\u0430\u0441\u0430\u043e', 'cacao'],
    ['Viveros Peñasco', 'viveros peñasco'],
  ])('reads %j as %j', (name, key) => {
    expect(displayNameKey(name)).toBe(key);
  });

  it('keeps accents and other letters apart', () => {
    expect(displayNameKey('Café Pitaya')).not.toBe(displayNameKey('Cafe Pitaya'));
    expect(displayNameKey('Sunny Farm')).not.toBe(displayNameKey('SunnyFarm'));
  });

  it('is its own key, and a username’s key is its lower case', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (name) => {
        const key = displayNameKey(name);
        expect(displayNameKey(key)).toBe(key);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]{3,32}$/), (username) => {
        expect(usernameKey(username)).toBe(displayNameKey(username));
      }),
    );
  });
});

describe('mixesScripts', () => {
  it.each([
    ['Sunny Pit\u0430ya', true],
    ['Pitay\u03b1 Farm', true],
    ['\u0421\u0430\u0434 Farm', true],
    ['Viveros Peñasco', false],
    ['Café Pitaya 3', false],
    ['\u0421\u0430\u0434 \u041f\u0438\u0442\u0430\u0439\u044f', false],
    ['Pitaya 火龍果', false],
    ['ドラゴン 果 Farm', false],
    ['용과 農場 Farm', false],
    ['สวน Pitaya', false],
    ['สวน \u0421\u0430\u0434', true],
  ])('%j: %s', (name, mixed) => {
    expect(mixesScripts(name)).toBe(mixed);
  });
});

describe('isMarketplaceName', () => {
  it.each([
    [SITE_NAME, true],
    ['dragonfruit marketplace', true],
    ['Dragon Fruit Market', true],
    ['The Dragon-Fruit Marketplace', true],
    ['DRAGON FRUIT MARKETS', true],
    ["Bob's Dragon Fruit Market", false],
    ['Dragon Fruit Farm', false],
  ])('%j: %s', (name, refused) => {
    expect(isMarketplaceName(name)).toBe(refused);
  });

  it('gives the register form its messages as one types', () => {
    const result = registerFormSchema.safeParse({
      username: 'DragonFruitMarketplace',
      email: 'a@example.com',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      terms: true,
      businessName: 'Sunny Pit\u0430ya',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['username', MESSAGES.usernameMarketplace],
      ['businessName', MESSAGES.businessNameScripts],
    ]);
  });
});
