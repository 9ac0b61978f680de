// Vocabulary of the demo dataset: names, bios and post templates in several languages, with
// hashtags, cashtags, mentions (`{user}`) and links (`{link}`). Fixed, so the dataset is too.
export const ADJECTIVES = [
  'quiet',
  'brave',
  'lucky',
  'sunny',
  'clever',
  'swift',
  'gentle',
  'bold',
  'happy',
  'calm',
  'wild',
  'bright',
  'cosmic',
  'urban',
  'rustic',
  'noble',
];
export const NOUNS = [
  'otter',
  'falcon',
  'maple',
  'river',
  'comet',
  'badger',
  'cedar',
  'harbor',
  'lynx',
  'meadow',
  'pixel',
  'quartz',
  'raven',
  'tiger',
  'willow',
  'zephyr',
];

export const BIOS = [
  'Building things with #javascript and coffee.',
  'Developer advocate. Opinions my own. #api',
  'Photographer in {place}. Prints at {link}',
  'I post about #bitcoin and $BTC charts.',
  'Space nerd 🚀 #nasa #mars',
  'Soccer, music and travel. #worldcup',
  'Writing about #ai and #llm research.',
  'Coffee first. Then code. Then more coffee.',
  'Amateur chef, professional eater. #food',
  'Open source maintainer. Say hi @XDevelopers',
];

export const LINKS = [
  'https://developer.x.com/en/docs',
  'https://example.com/blog/how-we-built-it',
  'https://github.com/xdevplatform',
  'https://news.example.org/2025/space-launch',
  'https://www.example.net/recipes/espresso',
  'http://example.io/music/album-review',
  'https://docs.example.com/getting-started/install',
];

/** Post templates by language; the seed picks languages with these weights. */
export const TEMPLATES: Record<string, string[]> = {
  en: [
    'Just shipped a new feature with #javascript — feels good! {link}',
    'Anyone else excited about the #nasa launch today? 🚀',
    'Reading about #ai agents this morning. Thoughts @{user}?',
    'Coffee, code, repeat. #developers',
    'The weather in London is grey again. #weather',
    '$BTC is moving today. #bitcoin #crypto',
    'Great concert last night! #music',
    'New blog post: how we scaled our API {link}',
    'What is your favourite #python library?',
    'Hot take: tabs are better than spaces.',
    'Travel plans: Paris next month ✈️ #travel',
    'Watching the #nba finals with @{user}',
    'Is anyone going to the meetup in Tokyo?',
    'Debugging a race condition. Send help. #coding',
    'This movie was better than the book. #movie',
  ],
  es: [
    '¡Hoy es un gran día para el #fútbol! ⚽',
    'Me encanta el café de la mañana. #coffee',
    'Nuevo artículo en el blog {link}',
    '¿Alguien más programa en #python los domingos?',
    'Viajando a Madrid con @{user} #travel',
  ],
  fr: [
    'Le café de Paris est le meilleur. #coffee',
    "Nouvelle version de notre API aujourd'hui ! {link}",
    'Je suis à la conférence avec @{user} #developers',
    'La musique de ce soir était incroyable #music',
  ],
  de: [
    'Heute ist ein guter Tag für #javascript',
    'Der Kaffee in Berlin ist stark. #coffee',
    'Neuer Blogartikel über die API {link}',
    'Wer schaut heute das Spiel? #fußball',
  ],
  ja: [
    '今日は東京で勉強会があります #javascript',
    'コーヒーを飲みながらコードを書いています ☕',
    '新しい記事を公開しました {link}',
    '宇宙のニュースが楽しみです #nasa',
  ],
  pt: [
    'Hoje é dia de #futebol ⚽',
    'Café e código, a melhor combinação. #coffee',
    'Novo post no blog {link}',
    'Alguém mais animado com a viagem? #travel',
  ],
};
export const LANG_WEIGHTS: [string, number][] = [
  ['en', 60],
  ['es', 10],
  ['fr', 8],
  ['de', 7],
  ['ja', 8],
  ['pt', 7],
];

export const REPLIES = [
  'Totally agree!',
  'Interesting, tell me more.',
  'Ha, same here 😄',
  'Not sure about that one.',
  'Thanks for sharing!',
  'This is the way.',
  '+1',
];
export const QUOTES = [
  'This is worth reading.',
  'Wow, look at this.',
  'Exactly what I was saying.',
  'Hard disagree.',
  'Bookmarking this one.',
];
export const POLL_OPTIONS = [
  ['tabs', 'spaces'],
  ['coffee', 'tea', 'water'],
  ['cats', 'dogs'],
  ['vim', 'emacs', 'vscode', 'other'],
];
