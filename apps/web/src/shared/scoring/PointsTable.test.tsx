import { TEAM_RULE_DEFAULTS, TEAM_RULES_OFF } from '@fantasy-cricket/rules';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { psConfigs, psCounts } from '../picks/testData';
import { PointsTable } from './PointsTable';
import { formatFactor, hasTeamRules, teamRuleLines, timesText } from './teamRules';

describe('team rules as people read them', () => {
  it('says each rule in a few words, off when it is off', () => {
    expect(teamRuleLines(TEAM_RULE_DEFAULTS).map((l) => [l.label, l.value])).toEqual([
      ['Budget', '100 credits'],
      ['Captain and vice-captain', 'Captain 2× · vice-captain 1.5×'],
      ['Most players from one side', '7'],
      ['Backups', 'Up to 4'],
    ]);
    expect(teamRuleLines(TEAM_RULES_OFF).map((l) => l.value)).toEqual(['Off', 'Off', 'Off', 'None']);
    expect(teamRuleLines(TEAM_RULES_OFF).some((l) => l.on || l.detail)).toBe(false);
    expect(hasTeamRules(TEAM_RULES_OFF)).toBe(false);
    expect(hasTeamRules({ ...TEAM_RULES_OFF, Backups: 1 })).toBe(true);
  });

  it('keeps a multiplier’s steps of 0.05', () => {
    expect(formatFactor(1.25)).toBe('1.25');
    expect(formatFactor(2)).toBe('2');
    expect(timesText(1.5)).toBe('1.5×');
    expect(teamRuleLines({ ...TEAM_RULE_DEFAULTS, ViceCaptainMultiplier: 1.25 })[1]?.value).toBe(
      'Captain 2× · vice-captain 1.25×',
    );
  });

  it('explains a backup’s role only where the league has a captain', () => {
    const withRoles = teamRuleLines({ ...TEAM_RULE_DEFAULTS, Backups: 1 })[3]?.detail;
    expect(withRoles).toMatch(/^Name up to 1 backup: at the lock, a backup of the same position replaces a pick/);
    expect(withRoles).toMatch(/takes over the pick's role as captain or vice-captain\.$/);
    const without = teamRuleLines({ ...TEAM_RULES_OFF, Backups: 2 })[3]?.detail;
    expect(without).not.toMatch(/captain/);
  });
});

describe('PointsTable: team rules', () => {
  it('lists the rules that are on, each with what it means, after the team the league picks', () => {
    render(
      <PointsTable
        features={psConfigs}
        slots={psCounts}
        playerSelection
        teamRules={{ ...TEAM_RULE_DEFAULTS, MaxPerSide: null }}
      />,
    );
    const part = screen.getByRole('region', { name: 'Team rules' });
    expect(
      within(part)
        .getAllByTestId('team-rule')
        .map((rule) => rule.textContent),
    ).toEqual([
      "Budget100 creditsYour team may cost at most 100 credits. Each player's price comes from recent form and is frozen when the fixture starts.",
      "Captain and vice-captainCaptain 2× · vice-captain 1.5×Your captain's points count 2× and your vice-captain's 1.5×, rounded to whole points.",
      "BackupsUp to 4Name up to 4 backups: at the lock, a backup of the same position replaces a pick who is not in the announced XI, as long as the team keeps the rules, and takes over the pick's role as captain or vice-captain.",
    ]);
    const team = screen.getByRole('region', { name: 'Your team for each fixture' });
    expect(team.compareDocumentPosition(part) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no team rules part for a league without rules, nor for Match Prediction', () => {
    const { rerender } = render(
      <PointsTable features={psConfigs} slots={psCounts} playerSelection teamRules={TEAM_RULES_OFF} />,
    );
    expect(screen.queryByRole('region', { name: 'Team rules' })).not.toBeInTheDocument();
    rerender(<PointsTable features={psConfigs} playerSelection={false} teamRules={TEAM_RULE_DEFAULTS} />);
    expect(screen.queryByRole('region', { name: 'Team rules' })).not.toBeInTheDocument();
  });

  it('says when the rules could not be loaded, and still shows the points', () => {
    render(<PointsTable features={psConfigs} slots={psCounts} playerSelection teamRulesFailed />);
    expect(screen.getByRole('region', { name: 'Team rules' })).toHaveTextContent('The team rules could not be loaded.');
    expect(screen.getByRole('region', { name: 'Points earned' })).toBeInTheDocument();
  });
});
