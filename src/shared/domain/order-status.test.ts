import { describe, expect, it } from 'vitest';
import {
  detailButtons,
  isDueOrOverdue,
  isLive,
  isPending,
  STATUS_GROUPS,
  showsRecommendations,
  statusImageKey,
  statusSql,
} from './order-status.ts';

describe('loan order status rules (product brief §4)', () => {
  it('maps each status to its buttons', () => {
    for (const s of [21, 151, 110]) expect(detailButtons(s, '1')).toEqual([]);
    expect(detailButtons(170, '1')).toEqual(['repay']);
    for (const s of [174, 180, 3, 5]) {
      expect(detailButtons(s, '1')).toEqual(['repay', 'extend']);
      expect(detailButtons(s, '0')).toEqual(['repay']);
    }
    expect(detailButtons(200, '1')).toEqual(['loanMore']);
    expect(detailButtons(4, '0')).toEqual(['loanMore']);
  });

  it('hides recommendations for 170, 174, 180 and 200 only', () => {
    for (const s of [170, 174, 180, 200]) expect(showsRecommendations(s)).toBe(false);
    for (const s of [21, 151, 110, 3, 4, 5]) expect(showsRecommendations(s)).toBe(true);
  });

  it('gives six statuses their own image and the rest the settled one', () => {
    for (const s of [21, 151, 174, 180, 110, 200]) expect(statusImageKey(s)).toBe(s);
    for (const s of [170, 3, 4, 5]) expect(statusImageKey(s)).toBe(200);
  });
});

describe('status groups (decision 048)', () => {
  it('names each group once and answers membership', () => {
    expect(STATUS_GROUPS.pending).toEqual([21, 151]);
    expect(STATUS_GROUPS.live).toEqual([170, 174, 180]);
    expect(STATUS_GROUPS.dueOrOverdue).toEqual([174, 180]);
    expect(STATUS_GROUPS.closed).toEqual([110, 200]);
    for (const s of [170, 174, 180]) expect(isLive(s)).toBe(true);
    for (const s of [21, 151, 110, 200, 3, 4, 5]) expect(isLive(s)).toBe(false);
    expect([21, 151, 170].map(isPending)).toEqual([true, true, false]);
    expect([170, 174, 180, 5].map(isDueOrOverdue)).toEqual([false, true, true, false]);
  });

  it('writes the SQL list of one or more groups', () => {
    expect(statusSql('live')).toBe('(170, 174, 180)');
    expect(statusSql('pending', 'live')).toBe('(21, 151, 170, 174, 180)');
  });
});
