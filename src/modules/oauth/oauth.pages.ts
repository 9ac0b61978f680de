// The sign-in and consent pages as HTML: the app's name, what it asks for, a sign-in form, and
// Authorize / Cancel. Every value is escaped; forms carry the CSRF token; no scripts.
import { SCOPES, type Permission } from '../../auth/index.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `body{font-family:system-ui,sans-serif;background:#f7f9f9;color:#0f1419;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem}ul{padding-left:1.2rem}li{margin:.3rem 0}label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input[type=text],input[type=password]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #cfd9de;border-radius:.4rem}
.actions{display:flex;gap:.6rem;margin-top:1.2rem}button{padding:.6rem 1.2rem;border-radius:2rem;border:1px solid #0f1419;font-weight:700;cursor:pointer}
button.primary{background:#0f1419;color:#fff}.error{color:#b00020;font-weight:600}code.pin{font-size:2rem;letter-spacing:.3rem}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)} · Aviary</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const PERMISSION_LINES: Record<Permission, string[]> = {
  read: [
    'See Posts from your timeline (including protected Posts) as well as your Lists and collections.',
    'See your profile information and account settings.',
    'See accounts you follow, mute and block.',
  ],
  'read-write': [
    'Create and delete Posts, and engage with Posts created by others (like, repost, reply) for you.',
    'Follow and unfollow accounts, and update your profile and account settings for you.',
  ],
  'read-write-dm': ['Send Direct Messages for you and read, manage and delete your Direct Messages.'],
};

export function permissionLines(access: Permission): string[] {
  const levels: Permission[] =
    access === 'read'
      ? ['read']
      : access === 'read-write'
        ? ['read', 'read-write']
        : ['read', 'read-write', 'read-write-dm'];
  return levels.flatMap((l) => PERMISSION_LINES[l]);
}

export type SignInForm = {
  action: string;
  csrf: string;
  hidden: Record<string, string>;
  /** The signed-in user, when a session exists and the login is not forced. */
  signedInAs: string | null;
  prefill?: string;
  error?: string;
};

function signInForm(f: SignInForm, intro: string, list: string[]): string {
  const hidden = Object.entries({ ...f.hidden, csrf_token: f.csrf })
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const who = f.signedInAs
    ? `<p id="signed-in">Signed in as <strong>@${esc(f.signedInAs)}</strong>.</p>`
    : `<label for="username">Username</label><input type="text" id="username" name="username" autocomplete="username" value="${esc(f.prefill ?? '')}">
<label for="password">Password</label><input type="password" id="password" name="password" autocomplete="current-password">`;
  return `${intro}<ul id="permissions">${list.map((l) => `<li>${esc(l)}</li>`).join('')}</ul>
${f.error ? `<p class="error" id="error" role="alert">${esc(f.error)}</p>` : ''}
<form method="post" action="${esc(f.action)}">${hidden}${who}
<div class="actions"><button class="primary" type="submit" name="action" value="allow" id="allow">Authorize app</button>
<button type="submit" name="action" value="deny" id="cancel">Cancel</button></div></form>`;
}

export function oauth1Page(appName: string, access: Permission, f: SignInForm): string {
  const intro = `<h1>Authorize <span id="app-name">${esc(appName)}</span> to access your account?</h1><p>This application will be able to:</p>`;
  return layout(`Authorize ${appName}`, signInForm(f, intro, permissionLines(access)));
}

export function oauth2Page(appName: string, scopes: string[], f: SignInForm): string {
  const intro = `<h1><span id="app-name">${esc(appName)}</span> wants to access your account</h1><p>It is asking to:</p>`;
  return layout(
    `Authorize ${appName}`,
    signInForm(
      f,
      intro,
      scopes.map((s) => `${SCOPES[s] ?? s} (${s})`),
    ),
  );
}

export function pinPage(appName: string, pin: string): string {
  return layout(
    'Authorized',
    `<h1>You've granted access to ${esc(appName)}!</h1>
<p>Next, return to ${esc(appName)} and enter this code to complete the authorization process:</p><p><code class="pin" id="oauth_pin">${esc(pin)}</code></p>`,
  );
}

export function deniedPage(appName: string): string {
  return layout(
    'Cancelled',
    `<h1 id="denied">You have not granted access to ${esc(appName)}.</h1><p>You can close this page.</p>`,
  );
}

export function errorPage(message: string): string {
  return layout('Something went wrong', `<h1>Something went wrong</h1><p class="error" id="error">${esc(message)}</p>`);
}
