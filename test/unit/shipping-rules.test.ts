import { SHIPS_AS, type ShipsAs } from '@domain/constants';
import {
  CALIFORNIA_LABEL,
  CERTIFICATE_KINDS,
  CERTIFICATE_LABELS,
  type CertificateKind,
  decideShipping,
  HAWAII_LABEL,
  isStateCode,
  NO_SHIP_FROM_STATE,
  needsCertificates,
  SHIPPING_RULES,
  type ShippingDecision,
  type ShippingSeller,
  STATE_CODES,
  type StateCode,
  shippingDecisionText,
  shippingToday,
} from '@domain/shipping';
import { describe, expect, it } from 'vitest';

const TODAY = '2026-11-24';
const NEXT_YEAR = '2027-11-24';

/** A seller in `state` holding the given certificates, valid for a year unless said otherwise. */
function seller(
  state: StateCode | null,
  certificates: Array<CertificateKind | [CertificateKind, string]> = [],
  blockedStates: StateCode[] = [],
): ShippingSeller {
  return {
    shipFromState: state,
    blockedStates,
    certificates: certificates.map((c) => {
      const [kind, expiresOn] = Array.isArray(c) ? c : [c, NEXT_YEAR];
      return { kind, number: `${kind.toUpperCase()}-1`, expiresOn };
    }),
  };
}

const cert = (kind: CertificateKind) => ({ kind, number: `${kind.toUpperCase()}-1` });

interface Case {
  name: string;
  seller: ShippingSeller;
  shipsAs: ShipsAs;
  to: StateCode;
  expected: ShippingDecision;
  /** The rules this case exercises (every rule is exercised at least once). */
  covers?: string[];
}

const CASES: Case[] = [
  // California nematode quarantine: rooted plants and cuttings from the quarantine area need the certificate.
  {
    name: 'FL cutting to CA without the nematode certificate',
    seller: seller('FL'),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: {
      status: 'blocked',
      reason:
        'California nematode quarantine (rooted plants and cuttings from FL) needs a certificate the seller does not have on file (California nematode quarantine compliance)',
      plain:
        'California lets in cuttings and plants from Florida only with a nematode quarantine certificate, and this nursery does not have one on file.',
      ruleId: 'ca-nematode-quarantine',
      sourceUrl: 'https://pi.cdfa.ca.gov/pqm/manual/htm/315.htm',
    },
    covers: ['ca-nematode-quarantine'],
  },
  {
    name: 'TX potted plant to CA with the nematode certificate',
    seller: seller('TX', ['ca-nematode']),
    shipsAs: 'potted',
    to: 'CA',
    expected: { status: 'allowed', certificates: [cert('ca-nematode')], labels: [CALIFORNIA_LABEL] },
    covers: ['ca-nematode-quarantine', 'ca-shipment-label'],
  },
  {
    name: 'PR bare root to CA without the certificate',
    seller: seller('PR', ['fl-inspection']),
    shipsAs: 'bare-root',
    to: 'CA',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'ca-nematode-quarantine' }),
  },
  // Every shipment into California carries the label; seeds are outside the nematode quarantine.
  {
    name: 'OR cutting to CA (outside the quarantine area)',
    seller: seller('OR'),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: { status: 'allowed', labels: [CALIFORNIA_LABEL] },
    covers: ['ca-shipment-label'],
  },
  {
    name: 'FL seeds to CA without any certificate',
    seller: seller('FL'),
    shipsAs: 'seeds',
    to: 'CA',
    expected: { status: 'allowed', labels: [CALIFORNIA_LABEL] },
    covers: ['ca-shipment-label'],
  },
  // Hawaii to the other states.
  {
    name: 'HI potted plant to OR',
    seller: seller('HI'),
    shipsAs: 'potted',
    to: 'OR',
    expected: {
      status: 'blocked',
      reason: 'Federal quarantine: cactus plants and cuttings may not leave Hawaii for the other states',
      plain: 'Cactus plants and cuttings may not leave Hawaii for the other states.',
      ruleId: 'hi-to-mainland',
      sourceUrl: 'https://www.ecfr.gov/current/title-7/section-318.13',
    },
    covers: ['hi-to-mainland'],
  },
  {
    name: 'HI cutting to CA, even with the nematode certificate',
    seller: seller('HI', ['ca-nematode']),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'hi-to-mainland' }),
    covers: ['hi-to-mainland'],
  },
  {
    name: 'HI seeds to NY (seeds are not covered)',
    seller: seller('HI'),
    shipsAs: 'seeds',
    to: 'NY',
    expected: { status: 'allowed', labels: [] },
  },
  // Mainland to Hawaii: no soil; the rest with the inspection label.
  {
    name: 'FL potted plant to HI',
    seller: seller('FL'),
    shipsAs: 'potted',
    to: 'HI',
    expected: expect.objectContaining({
      status: 'blocked',
      reason: 'Hawaii accepts plants only free of soil (no potted plants)',
      plain: 'Hawaii does not let in plants in soil, so a potted plant cannot go there.',
      ruleId: 'hi-no-soil',
    }),
    covers: ['hi-no-soil'],
  },
  {
    name: 'FL cutting to HI',
    seller: seller('FL'),
    shipsAs: 'unrooted-cutting',
    to: 'HI',
    expected: { status: 'allowed', labels: [HAWAII_LABEL] },
    covers: ['hi-inspection-label'],
  },
  {
    name: 'CA bare root to HI',
    seller: seller('CA'),
    shipsAs: 'bare-root',
    to: 'HI',
    expected: { status: 'allowed', labels: [HAWAII_LABEL] },
    covers: ['hi-inspection-label'],
  },
  {
    name: 'TX seeds to HI',
    seller: seller('TX'),
    shipsAs: 'seeds',
    to: 'HI',
    expected: { status: 'allowed', labels: [HAWAII_LABEL] },
    covers: ['hi-inspection-label'],
  },
  // Arizona: every plant needs the inspection certificate; rooted plants from fire ant areas cannot go at all.
  {
    name: 'FL potted plant to AZ, even with the inspection certificate',
    seller: seller('FL', ['az-nursery-inspection']),
    shipsAs: 'potted',
    to: 'AZ',
    expected: {
      status: 'blocked',
      reason: 'Arizona fire ant quarantine (rooted plants from FL need a quarantine holding area)',
      plain:
        'Arizona does not let rooted plants in from Florida, where fire ants live, except to a quarantine holding area.',
      ruleId: 'az-fire-ant-quarantine',
      sourceUrl: 'https://agriculture.az.gov/plantsproduce/what-we-grow/green-industry',
    },
    covers: ['az-fire-ant-quarantine'],
  },
  {
    name: 'OK bare root to AZ',
    seller: seller('OK', ['az-nursery-inspection']),
    shipsAs: 'bare-root',
    to: 'AZ',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'az-fire-ant-quarantine' }),
    covers: ['az-fire-ant-quarantine'],
  },
  {
    name: 'FL cutting to AZ with the inspection certificate (cuttings have no roots)',
    seller: seller('FL', ['az-nursery-inspection']),
    shipsAs: 'unrooted-cutting',
    to: 'AZ',
    expected: { status: 'allowed', certificates: [cert('az-nursery-inspection')], labels: [] },
    covers: ['az-nursery-inspection'],
  },
  {
    name: 'CA potted plant to AZ without the inspection certificate',
    seller: seller('CA'),
    shipsAs: 'potted',
    to: 'AZ',
    expected: {
      status: 'blocked',
      reason:
        'Arizona nursery stock rules (plants and cuttings from other states) needs a certificate the seller does not have on file (Arizona nursery stock inspection certificate)',
      plain:
        'Arizona lets in cuttings and plants from other states only with a nursery inspection certificate, and this nursery does not have one on file.',
      ruleId: 'az-nursery-inspection',
      sourceUrl: 'https://agriculture.az.gov/plantsproduce/what-we-grow/green-industry',
    },
    covers: ['az-nursery-inspection'],
  },
  {
    name: 'CA potted plant to AZ with the inspection certificate',
    seller: seller('CA', ['az-nursery-inspection']),
    shipsAs: 'potted',
    to: 'AZ',
    expected: { status: 'allowed', certificates: [cert('az-nursery-inspection')], labels: [] },
    covers: ['az-nursery-inspection'],
  },
  {
    name: 'FL seeds to AZ without any certificate',
    seller: seller('FL'),
    shipsAs: 'seeds',
    to: 'AZ',
    expected: { status: 'allowed', labels: [] },
  },
  // Florida: nursery stock from other states needs a certificate of inspection.
  {
    name: 'GA potted plant to FL without the certificate',
    seller: seller('GA'),
    shipsAs: 'potted',
    to: 'FL',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'fl-nursery-inspection' }),
    covers: ['fl-nursery-inspection'],
  },
  {
    name: 'GA potted plant to FL with the certificate',
    seller: seller('GA', ['fl-inspection']),
    shipsAs: 'potted',
    to: 'FL',
    expected: { status: 'allowed', certificates: [cert('fl-inspection')], labels: [] },
    covers: ['fl-nursery-inspection'],
  },
  {
    name: 'CA seeds to FL without any certificate',
    seller: seller('CA'),
    shipsAs: 'seeds',
    to: 'FL',
    expected: { status: 'allowed', labels: [] },
  },
  // Texas: plant material from other states needs a phytosanitary certificate.
  {
    name: 'FL cutting to TX without the certificate',
    seller: seller('FL', ['ca-nematode']),
    shipsAs: 'unrooted-cutting',
    to: 'TX',
    expected: {
      status: 'blocked',
      reason:
        'Texas plant rules (plants and cuttings from other states) needs a certificate the seller does not have on file (Phytosanitary certificate for Texas)',
      plain:
        'Texas lets in cuttings and plants from other states only with a phytosanitary certificate, and this nursery does not have one on file.',
      ruleId: 'tx-phytosanitary',
      sourceUrl: 'https://texasagriculture.gov/Regulatory-Programs/Quarantines',
    },
    covers: ['tx-phytosanitary'],
  },
  {
    name: 'FL bare root to TX with the certificate',
    seller: seller('FL', ['tx-phytosanitary']),
    shipsAs: 'bare-root',
    to: 'TX',
    expected: { status: 'allowed', certificates: [cert('tx-phytosanitary')], labels: [] },
    covers: ['tx-phytosanitary'],
  },
  {
    name: 'FL seeds to TX without any certificate',
    seller: seller('FL'),
    shipsAs: 'seeds',
    to: 'TX',
    expected: { status: 'allowed', labels: [] },
  },
  // No rule applies.
  {
    name: 'FL potted plant to NY',
    seller: seller('FL'),
    shipsAs: 'potted',
    to: 'NY',
    expected: { status: 'allowed', labels: [] },
  },
  // Same state: the interstate rules never apply.
  {
    name: 'FL potted plant within FL',
    seller: seller('FL'),
    shipsAs: 'potted',
    to: 'FL',
    expected: { status: 'allowed', labels: [] },
  },
  {
    name: 'TX cutting within TX',
    seller: seller('TX'),
    shipsAs: 'unrooted-cutting',
    to: 'TX',
    expected: { status: 'allowed', labels: [] },
  },
  {
    name: 'CA cutting within CA (no label needed)',
    seller: seller('CA'),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: { status: 'allowed', labels: [] },
  },
  {
    name: 'HI potted plant within HI',
    seller: seller('HI'),
    shipsAs: 'potted',
    to: 'HI',
    expected: { status: 'allowed', labels: [] },
  },
  // The seller's own choices.
  {
    name: 'a seller without a ship-from state',
    seller: seller(null, ['ca-nematode']),
    shipsAs: 'seeds',
    to: 'NY',
    expected: {
      status: 'blocked',
      reason: NO_SHIP_FROM_STATE,
      plain: 'This nursery has not said where it ships from yet, so it cannot ship anywhere.',
    },
  },
  {
    name: 'a state the seller does not ship to (seeds, which no rule stops)',
    seller: seller('FL', [], ['NY', 'WA']),
    shipsAs: 'seeds',
    to: 'WA',
    expected: {
      status: 'blocked',
      reason: 'The seller does not ship to WA',
      plain: 'This nursery does not ship to Washington.',
    },
  },
  {
    name: "the seller's own state among its blocked states",
    seller: seller('FL', [], ['FL']),
    shipsAs: 'potted',
    to: 'FL',
    expected: {
      status: 'blocked',
      reason: 'The seller does not ship to FL',
      plain: 'This nursery does not ship to Florida.',
    },
  },
  {
    name: 'a state the seller ships to when it blocks others',
    seller: seller('FL', [], ['NY']),
    shipsAs: 'potted',
    to: 'NJ',
    expected: { status: 'allowed', labels: [] },
  },
  // Expiry: the expiry day itself is still valid; the day after, the certificate counts as missing.
  {
    name: 'a nematode certificate that expired yesterday',
    seller: seller('FL', [['ca-nematode', '2026-11-23']]),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'ca-nematode-quarantine' }),
    covers: ['ca-nematode-quarantine'],
  },
  {
    name: 'a nematode certificate that expires today',
    seller: seller('FL', [['ca-nematode', TODAY]]),
    shipsAs: 'unrooted-cutting',
    to: 'CA',
    expected: { status: 'allowed', certificates: [cert('ca-nematode')], labels: [CALIFORNIA_LABEL] },
    covers: ['ca-nematode-quarantine'],
  },
  {
    name: 'an expired Texas certificate',
    seller: seller('FL', [['tx-phytosanitary', '2025-12-31']]),
    shipsAs: 'potted',
    to: 'TX',
    expected: expect.objectContaining({ status: 'blocked', ruleId: 'tx-phytosanitary' }),
  },
];

describe('decideShipping', () => {
  it.each(CASES)('$name', ({ seller: s, shipsAs, to, expected }) => {
    expect(decideShipping(s, { shipsAs }, to, TODAY)).toEqual(expected);
  });

  it('exercises every rule in the table', () => {
    const covered = new Set(CASES.flatMap((c) => c.covers ?? []));
    expect(SHIPPING_RULES.map((r) => r.id).filter((id) => !covered.has(id))).toEqual([]);
  });

  it('never blocks seeds on a rule unless the rule lists seeds', () => {
    const states = ['FL', 'TX', 'HI', 'CA', 'AZ', 'PR', 'NY'] as const;
    for (const from of states)
      for (const to of states) {
        const decision = decideShipping(seller(from), { shipsAs: 'seeds' }, to, TODAY);
        expect(decision.status, `${from} → ${to}`).toBe('allowed');
      }
  });

  it('uses only the rules it is given', () => {
    const decision = decideShipping(seller('FL'), { shipsAs: 'potted' }, 'HI', TODAY, []);
    expect(decision).toEqual({ status: 'allowed', labels: [] });
  });
});

describe('SHIPPING_RULES', () => {
  it('has unique ids and a source, a date and a one-line reason on every rule', () => {
    expect(new Set(SHIPPING_RULES.map((r) => r.id)).size).toBe(SHIPPING_RULES.length);
    for (const rule of SHIPPING_RULES) {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(new URL(rule.sourceUrl).protocol).toBe('https:');
      expect(rule.verifiedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(rule.reason).not.toMatch(/\n/);
      expect(rule.appliesTo.length).toBeGreaterThan(0);
      for (const s of rule.appliesTo) expect(SHIPS_AS).toContain(s);
      if (rule.origins !== 'any') for (const s of rule.origins) expect(isStateCode(s)).toBe(true);
      if (rule.effect === 'needs-certificate') expect(CERTIFICATE_KINDS).toContain(rule.certificate);
      else expect(rule.certificate).toBeUndefined();
    }
  });

  it('labels every certificate kind', () => {
    for (const kind of CERTIFICATE_KINDS) expect(CERTIFICATE_LABELS[kind]).toBeTruthy();
  });
});

describe('shippingDecisionText', () => {
  it("says where a listing ships, or why it cannot in a grower's words, never the rule's", () => {
    expect(shippingDecisionText({ status: 'allowed', labels: [] }, 'CA')).toBe('Ships to CA');
    const blocked = decideShipping(seller('FL'), { shipsAs: 'potted' }, 'HI', TODAY);
    expect(shippingDecisionText(blocked, 'HI')).toBe(
      "Can't ship to HI: Hawaii does not let in plants in soil, so a potted plant cannot go there.",
    );
    expect(
      shippingDecisionText(
        {
          status: 'blocked',
          reason: 'The seller does not ship to CA',
          plain: 'This nursery does not ship to California.',
        },
        'CA',
      ),
    ).toBe("Can't ship to CA: This nursery does not ship to California.");
  });
});

describe('shippingToday', () => {
  it('is the calendar day in US Eastern time', () => {
    expect(shippingToday(new Date('2026-11-25T03:00:00Z'))).toBe('2026-11-24');
    expect(shippingToday(new Date('2026-11-25T06:00:00Z'))).toBe('2026-11-25');
    expect(shippingToday(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
    expect(shippingToday(new Date('2026-07-01T04:00:00Z'))).toBe('2026-07-01');
  });

  it('answers each minute right, asked in any order (it keeps the last minute it worked out)', () => {
    // Every minute of the hour around midnight Eastern on a DST day and a standard-time day, forwards, then
    // backwards, each asked twice (the second answer is the kept one), against a fresh formatter.
    const fresh = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(d);
    const minutes = [Date.parse('2026-07-01T03:30:00Z'), Date.parse('2026-11-25T04:30:00Z')].flatMap(
      (start) => Array.from({ length: 60 }, (_, i) => start + i * 60_000 + (i % 7) * 1_000),
    );
    for (const t of [...minutes, ...minutes.reverse()])
      for (const d of [new Date(t), new Date(t + 59_000 - (t % 60_000))])
        expect(shippingToday(d), d.toISOString()).toBe(fresh(d));
  });
});

describe('needsCertificates', () => {
  it('is false only where the certificates cannot change the decision (every origin, destination and way)', () => {
    const all = CERTIFICATE_KINDS.map((kind) => ({ kind, number: `N-${kind}`, expiresOn: '2099-12-31' }));
    let needed = 0;
    for (const origin of STATE_CODES)
      for (const destination of STATE_CODES)
        for (const shipsAs of SHIPS_AS) {
          const seller = { shipFromState: origin, blockedStates: [], certificates: all };
          const without = { ...seller, certificates: [] };
          const withThem = decideShipping(seller, { shipsAs }, destination, '2026-11-24');
          const withNone = decideShipping(without, { shipsAs }, destination, '2026-11-24');
          if (needsCertificates(origin, destination, shipsAs)) needed++;
          else expect(withNone, `${origin} to ${destination}, ${shipsAs}`).toEqual(withThem);
        }
    expect(needed).toBeGreaterThan(0);
    expect(needsCertificates('FL', 'FL', 'potted')).toBe(false);
    expect(needsCertificates('FL', 'CA', 'potted')).toBe(true);
    expect(needsCertificates('FL', 'CA', 'seeds')).toBe(false);
    expect(needsCertificates(null, 'CA', 'potted')).toBe(false);
  });
});
