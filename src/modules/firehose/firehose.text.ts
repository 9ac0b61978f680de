// Realistic synthetic post texts: a few languages (the language firehoses have something to carry),
// hashtags, mentions of other authors and links, varied by a seeded generator. Pure.
const PHRASES: Record<string, string[]> = {
  en: [
    'Just shipped a new release of our streaming client',
    'Coffee first, then the standup',
    'Anyone else watching the game tonight?',
    'The weather in the city is wonderful today',
    'Reading a great book about distributed systems',
    'Our team is hiring engineers who love APIs',
  ],
  ja: ['今日はとても良い天気ですね', '新しいカフェに行ってきました', '週末は友達と映画を見に行きます'],
  pt: [
    'Hoje o dia está lindo na praia',
    'Alguém vai assistir ao jogo hoje à noite?',
    'Acabei de ler um livro incrível',
  ],
  ko: ['오늘 날씨가 정말 좋네요', '주말에 친구들과 영화를 보러 갑니다', '새로운 카페에 다녀왔어요'],
  es: ['Hoy hace un día precioso en la ciudad', 'Alguien más viendo el partido esta noche?'],
};
const LANGS = ['en', 'en', 'en', 'en', 'ja', 'pt', 'ko', 'es'];
const TAGS = ['#APIs', '#streaming', '#devlife', '#opensource', '#news', '#music', '#football', '#coffee'];

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

/** One post's text; `n` (the post's number in the run) keeps texts distinct (duplicate-post rule). */
export function postText(r: () => number, n: number, mentionable: string[]): string {
  const lang = pick(r, LANGS);
  const parts = [pick(r, PHRASES[lang]!)];
  if (r() < 0.4) parts.push(pick(r, TAGS));
  if (r() < 0.2 && mentionable.length) parts.unshift(`@${pick(r, mentionable)}`);
  if (r() < 0.1) parts.push(`https://example.com/a/${n}`);
  parts.push(`#${n.toString(36)}`);
  return parts.join(' ');
}
