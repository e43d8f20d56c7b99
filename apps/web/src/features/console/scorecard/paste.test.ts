import { describe, expect, it } from 'vitest';
import { matchPlayer } from './names';
import { cellsOf, type PasteTeam, parseScorecardPaste, readDismissal, readExtras, readTotal } from './paste';

const squad = (names: string[], from: number) => names.map((name, i) => ({ id: from + i, name }));
const KKR: PasteTeam = {
  teamId: 1,
  name: 'Kolkata Knight Riders',
  code: 'KKR',
  players: squad(
    ['PD Salt', 'SP Narine', 'VR Iyer', 'SS Iyer', 'AD Russell', 'MA Starc', 'CV Varun', 'Harshit Rana'],
    100,
  ),
};
const SRH: PasteTeam = {
  teamId: 2,
  name: 'Sunrisers Hyderabad',
  code: 'SRH',
  players: squad(
    ['TM Head', 'Abhishek Sharma', 'H Klaasen', 'PJ Cummins', 'B Kumar', 'T Natarajan', 'Shahbaz Ahmed'],
    200,
  ),
};
const id = (team: PasteTeam, name: string) => team.players.find((p) => p.name === name)!.id;

describe('matchPlayer', () => {
  it('finds a squad player by the full name a scorecard prints, with marks and accents', () => {
    expect(matchPlayer('Sunil Narine', KKR.players)?.name).toBe('SP Narine');
    expect(matchPlayer('†Phil Salt (wk)', KKR.players)?.name).toBe('PD Salt');
    expect(matchPlayer('Pat Cummins (c)', SRH.players)?.name).toBe('PJ Cummins');
    expect(matchPlayer('Head', SRH.players)?.name).toBe('TM Head');
  });

  it('refuses a name two players fit, and one nobody fits', () => {
    expect(matchPlayer('Iyer', KKR.players)).toBeNull();
    expect(matchPlayer('Shreyas Iyer', KKR.players)?.name).toBe('SS Iyer');
    expect(matchPlayer('Rinku Singh', KKR.players)).toBeNull();
  });
});

describe('reading the lines of a scorecard', () => {
  it('reads dismissals in scorecard notation', () => {
    expect(readDismissal('c †Salt b Starc')).toEqual({ howOut: 'caught', bowler: 'Starc', fielders: ['Salt'] });
    expect(readDismissal('c & b Narine')).toEqual({ howOut: 'caught and bowled', bowler: 'Narine', fielders: [] });
    expect(readDismissal('c sub (Rinku Singh) b Russell')).toMatchObject({ fielders: ['Rinku Singh'] });
    expect(readDismissal('st Salt b Varun')).toMatchObject({ howOut: 'stumped', fielders: ['Salt'] });
    expect(readDismissal('lbw b Starc')).toMatchObject({ howOut: 'lbw', bowler: 'Starc' });
    expect(readDismissal('run out (Russell/Salt)')).toEqual({
      howOut: 'run out',
      bowler: null,
      fielders: ['Russell', 'Salt'],
    });
    expect(readDismissal('b Harshit Rana')).toMatchObject({ howOut: 'bowled', bowler: 'Harshit Rana' });
    expect(readDismissal('not out')?.howOut).toBe('not out');
    expect(readDismissal('retired hurt')?.howOut).toBe('retired hurt');
    expect(readDismissal('thrown out by a spectator')).toBeNull();
  });

  it('reads totals and extras as printed', () => {
    expect(readTotal('182/6 (20 Ov)')).toEqual({ runs: 182, wickets: 6, overs: '20' });
    expect(readTotal('20 Ov (RR: 9.10)\t182/6')).toEqual({ runs: 182, wickets: 6, overs: '20' });
    expect(readTotal('113 all out (18.3 Ov)')).toEqual({ runs: 113, wickets: 10, overs: '18.3' });
    expect(readTotal('114 (2 wkts, 10.3 overs)')).toEqual({ runs: 114, wickets: 2, overs: '10.3' });
    expect(readExtras('(b 1, lb 4, w 7, nb 1)')).toEqual({ byes: 1, legByes: 4, wides: 7, noBalls: 1, penalty: 0 });
  });

  it('splits tab-separated, CSV with quotes, and semicolon lines', () => {
    expect(cellsOf('a\tb\t3')).toEqual(['a', 'b', '3']);
    expect(cellsOf('"Salt, Phil",c Head b Cummins,32')).toEqual(['Salt, Phil', 'c Head b Cummins', '32']);
    expect(cellsOf('a;b;3')).toEqual(['a', 'b', '3']);
  });
});

describe('parseScorecardPaste', () => {
  it('reads an innings copied from a scorecard page (tabs), attributing it to the batting squad', () => {
    const text = [
      'Sunrisers Hyderabad innings',
      'BATTING\t\tR\tB\tM\t4s\t6s\tSR',
      'Abhishek Sharma\tc Salt b Starc\t2\t5\t7\t0\t0\t40.00',
      'Travis Head\tc †Salt b Starc\t0\t1\t2\t0\t0\t0.00',
      'Heinrich Klaasen\tb Harshit Rana\t16\t17\t20\t0\t1\t94.11',
      'Pat Cummins (c)\trun out (Russell/Salt)\t24\t19\t30\t2\t1\t126.31',
      'Shahbaz Ahmed\tnot out\t8\t8\t9\t1\t0\t100',
      'Extras\t(lb 3, w 4)\t7',
      'TOTAL\t18.3 Ov (RR: 6.10)\t57/4',
      'Did not bat: Bhuvneshwar Kumar, T Natarajan',
      '',
      'BOWLING\tO\tM\tR\tW\tECON\t0s\t4s\t6s\tWD\tNB',
      'Mitchell Starc\t3\t0\t14\t2\t4.66\t10\t2\t0\t1\t0',
      'Harshit Rana\t4\t1\t24\t1\t6.00\t12\t1\t1\t3\t0',
      'Sunil Narine\t4\t0\t16\t0\t4.00\t11\t1\t0\t0\t0',
    ].join('\n');
    const { innings, notices } = parseScorecardPaste(text, [KKR, SRH]);
    expect(notices).toEqual([]);
    expect(innings).toHaveLength(1);
    const inn = innings[0]!;
    expect(inn.teamId).toBe(SRH.teamId);
    expect(inn.batting.map((b) => [b.playerId, b.howOut, b.runs, b.balls, b.fours, b.sixes])).toEqual([
      [id(SRH, 'Abhishek Sharma'), 'caught', 2, 5, 0, 0],
      [id(SRH, 'TM Head'), 'caught', 0, 1, 0, 0],
      [id(SRH, 'H Klaasen'), 'bowled', 16, 17, 0, 1],
      [id(SRH, 'PJ Cummins'), 'run out', 24, 19, 2, 1],
      [id(SRH, 'Shahbaz Ahmed'), 'not out', 8, 8, 1, 0],
    ]);
    expect(inn.batting[0]).toMatchObject({ bowlerId: id(KKR, 'MA Starc'), fielderIds: [id(KKR, 'PD Salt')] });
    expect(inn.batting[3]!.fielderIds).toEqual([id(KKR, 'AD Russell'), id(KKR, 'PD Salt')]);
    expect(inn.extras).toEqual({ byes: 0, legByes: 3, wides: 4, noBalls: 0, penalty: 0 });
    expect(inn.total).toEqual({ runs: 57, wickets: 4, overs: '18.3' });
    expect(inn.didNotBat).toEqual([id(SRH, 'B Kumar'), id(SRH, 'T Natarajan')]);
    expect(inn.bowling.map((b) => [b.playerId, b.overs, b.maidens, b.runs, b.wickets, b.wides, b.noBalls])).toEqual([
      [id(KKR, 'MA Starc'), '3', 0, 14, 2, 1, 0],
      [id(KKR, 'Harshit Rana'), '4', 1, 24, 1, 3, 0],
      [id(KKR, 'SP Narine'), '4', 0, 16, 0, 0, 0],
    ]);
  });

  it('reads a spreadsheet CSV with how out, bowler and fielder columns, two innings', () => {
    const text = [
      'Batter,How out,Bowler,Fielder,R,B,4s,6s',
      'PD Salt,caught,PJ Cummins,TM Head,6,3,1,0',
      'SP Narine,not out,,,10,6,1,0',
      'Total,16/1 (1.3 Ov)',
      'Bowler,O,M,R,W,WD,NB',
      'PJ Cummins,1.3,0,16,1,0,0',
      '',
      'Batter,How out,Bowler,Fielder,R,B,4s,6s',
      'TM Head,lbw,CV Varun,,0,2,0,0',
      'Bowler,O,M,R,W',
      'Varun,0.2,0,0,1',
    ].join('\n');
    const { innings, notices } = parseScorecardPaste(text, [KKR, SRH]);
    expect(notices).toEqual([]);
    expect(innings.map((i) => i.teamId)).toEqual([KKR.teamId, SRH.teamId]);
    expect(innings[0]!.batting[0]).toMatchObject({
      howOut: 'caught',
      bowlerId: id(SRH, 'PJ Cummins'),
      fielderIds: [id(SRH, 'TM Head')],
    });
    expect(innings[0]!.total).toEqual({ runs: 16, wickets: 1, overs: '1.3' });
    expect(innings[1]!.batting[0]).toMatchObject({ howOut: 'lbw', bowlerId: id(KKR, 'CV Varun') });
    expect(innings[1]!.bowling[0]).toMatchObject({ playerId: id(KKR, 'CV Varun'), overs: '0.2', wickets: 1 });
  });

  it('says which names it could not place and what it could not read', () => {
    const text = [
      'Batter\tDismissal\tR\tB\t4s\t6s',
      'Rinku Singh\tc Head b Cummins\t4\t3\t1\t0',
      'SP Narine\tthrown out\t1\t1\t0\t0',
    ].join('\n');
    const { innings, notices } = parseScorecardPaste(text, [KKR, SRH]);
    expect(innings[0]!.batting[0]!.playerId).toBeNull();
    expect(notices).toEqual([
      'Line 2: batter “Rinku Singh” is not in the squad of Kolkata Knight Riders (or several players fit): choose the player.',
      'Line 3: the dismissal “thrown out” could not be read: choose how out.',
    ]);
    expect(parseScorecardPaste('hello', [KKR, SRH]).notices[0]).toMatch(/No batting or bowling table was found/);
  });
});
