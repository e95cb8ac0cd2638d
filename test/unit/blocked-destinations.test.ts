import { SHIPS_AS, type ShipsAs } from '@domain/constants';
import {
  blockedDestinations,
  type CertificateKind,
  decideShipping,
  type ShippingRule,
  type ShippingSeller,
  STATE_CODES,
  type StateCode,
} from '@domain/shipping';
import { describe, expect, it } from 'vitest';

const TODAY = '2026-11-24';

function seller(
  state: StateCode | null,
  certificates: Array<[CertificateKind, string]> = [],
  blockedStates: StateCode[] = [],
): ShippingSeller {
  return {
    shipFromState: state,
    blockedStates,
    certificates: certificates.map(([kind, expiresOn]) => ({ kind, number: 'N-1', expiresOn })),
  };
}

const everywhereBut = (...states: StateCode[]) => STATE_CODES.filter((s) => !states.includes(s));

describe('blockedDestinations: where the catalog hides a listing', () => {
  const cases: Array<{ name: string; seller: ShippingSeller; shipsAs: ShipsAs; expected: StateCode[] }> = [
    {
      name: 'a Florida potted plant without certificates: California (nematodes), Arizona (fire ants), Hawaii (soil), Texas',
      seller: seller('FL'),
      shipsAs: 'potted',
      expected: ['AZ', 'CA', 'HI', 'TX'],
    },
    {
      name: 'a Florida cutting: California, Arizona (nursery inspection), Texas; Hawaii takes cuttings',
      seller: seller('FL'),
      shipsAs: 'unrooted-cutting',
      expected: ['AZ', 'CA', 'TX'],
    },
    {
      name: 'Florida seeds: nowhere',
      seller: seller('FL'),
      shipsAs: 'seeds',
      expected: [],
    },
    {
      name: 'a Florida potted plant with the nematode certificate: California lifts',
      seller: seller('FL', [['ca-nematode', '2027-01-01']]),
      shipsAs: 'potted',
      expected: ['AZ', 'HI', 'TX'],
    },
    {
      name: 'a certificate expiring today still counts',
      seller: seller('FL', [['ca-nematode', TODAY]]),
      shipsAs: 'bare-root',
      expected: ['AZ', 'TX'],
    },
    {
      name: 'a certificate that expired yesterday does not',
      seller: seller('FL', [['ca-nematode', '2026-11-23']]),
      shipsAs: 'bare-root',
      expected: ['AZ', 'CA', 'TX'],
    },
    {
      name: "a California potted plant: Arizona's and Florida's and Texas' certificates, Hawaii's soil rule",
      seller: seller('CA'),
      shipsAs: 'potted',
      expected: ['AZ', 'FL', 'HI', 'TX'],
    },
    {
      name: 'the states a seller does not ship to, even for seeds',
      seller: seller('CA', [], ['NY', 'AK']),
      shipsAs: 'seeds',
      expected: ['AK', 'NY'],
    },
    {
      name: 'Hawaiian cuttings may not leave Hawaii',
      seller: seller('HI'),
      shipsAs: 'unrooted-cutting',
      expected: everywhereBut('HI'),
    },
    {
      name: 'a seller without a ship-from state ships nowhere',
      seller: seller(null),
      shipsAs: 'seeds',
      expected: [...STATE_CODES],
    },
  ];

  for (const c of cases)
    it(c.name, () => {
      expect(blockedDestinations(c.seller, c.shipsAs, TODAY)).toEqual(c.expected);
    });

  it('is, for every origin and way of shipping, the states decideShipping refuses, in STATE_CODES order', () => {
    for (const origin of STATE_CODES)
      for (const shipsAs of SHIPS_AS) {
        const s = seller(origin, [['az-nursery-inspection', '2027-01-01']]);
        const expected = STATE_CODES.filter(
          (to) => decideShipping(s, { shipsAs }, to, TODAY).status === 'blocked',
        );
        expect(blockedDestinations(s, shipsAs, TODAY), `${origin} ${shipsAs}`).toEqual(expected);
      }
  });

  it('follows the rules it is given', () => {
    const noRules: readonly ShippingRule[] = [];
    expect(blockedDestinations(seller('FL'), 'potted', TODAY, noRules)).toEqual([]);
  });
});
