import { HARDINESS_ZONES, isHardinessZone, zoneLowF, zoneRank } from '@domain/shipping/zones';
import { describe, expect, it } from 'vitest';
import { hardinessZone, parseZoneTable } from '../../server/src/modules/shipping/hardiness-zones';

describe('hardiness zones', () => {
  it('run from 1a to 13b, each half-zone 5 °F warmer', () => {
    expect(HARDINESS_ZONES).toHaveLength(26);
    expect([HARDINESS_ZONES[0], HARDINESS_ZONES[25]]).toEqual(['1a', '13b']);
    expect([zoneLowF('1a'), zoneLowF('7b'), zoneLowF('11a'), zoneLowF('13b')]).toEqual([-60, 5, 40, 65]);
    expect(zoneRank('6a') < zoneRank('6b')).toBe(true);
    expect([
      isHardinessZone('10b'),
      isHardinessZone('14a'),
      isHardinessZone('0a'),
      isHardinessZone('7'),
    ]).toEqual([true, false, false, false]);
  });

  it('the shipped table gives each ZIP its zone, and none to a ZIP it lacks', async () => {
    expect(await hardinessZone('33130')).toBe('11a');
    expect(await hardinessZone('10001')).toBe('7b');
    expect(await hardinessZone('99501')).toBe('4b');
    expect(await hardinessZone('96701')).toBe('12b');
    expect(await hardinessZone('00601')).toBe('11b');
    expect(await hardinessZone('33101')).toBeNull();
    expect(await hardinessZone('00000')).toBeNull();
    for (const zip of ['3313', '331300', 'abcde', '33130-1234', ''])
      expect(await hardinessZone(zip)).toBeNull();
  });

  it('a table that is not `zip,zone` lines stops the server rather than answering wrong zones', () => {
    expect(() => parseZoneTable('zip,zone\n33130,11a\n')).not.toThrow();
    expect(parseZoneTable('zip,zone\n33130,11a\n\n')[33130]).toBe(zoneRank('11a') + 1);
    expect(() => parseZoneTable('zone,zip\n11a,33130\n')).toThrow('the header is not "zip,zone"');
    expect(() => parseZoneTable('zip,zone\n33130,14a\n')).toThrow('line 2: not a ZIP and a zone: 33130,14a');
    expect(() => parseZoneTable('zip,zone\n3313,11a\n')).toThrow('line 2');
    expect(() => parseZoneTable('zip,zone\n33130;11a\n')).toThrow('line 2');
  });
});
