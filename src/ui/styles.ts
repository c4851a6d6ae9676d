/**
 * The site's CSS, inlined into every page's head (one round trip less on a
 * slow phone). Mobile first; breakpoints 576, 768, 992, 1200 px (spec §9).
 * The accent colour comes from the vertical (`--accent`, set on <html>).
 */
export const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;line-height:1.5;color:#1b1f23;background:#f6f7f9}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
a{color:var(--accent-text)}
main{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:16px}
main:focus{outline:none}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 16px}
h2{font-size:1.2rem}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip-link{position:absolute;left:8px;top:-48px;z-index:10;padding:8px 12px;background:#fff;color:#000;border-radius:4px}
.skip-link:focus{top:8px}
.header{display:flex;align-items:center;gap:12px;min-height:56px;padding:0 16px;background:var(--accent);color:#fff}
.header__logo{display:inline-flex;align-items:center;gap:8px;color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none;min-height:48px}
.header__logo:focus-visible{outline:3px solid #fff;outline-offset:2px}
.loading-bar{height:3px;background:transparent}
.loading-bar--active{background:linear-gradient(90deg,var(--accent) 0,#fff 50%,var(--accent) 100%);background-size:200% 100%;animation:loading 1s linear infinite}
@keyframes loading{from{background-position:100% 0}to{background-position:-100% 0}}
@media (prefers-reduced-motion:reduce){.loading-bar--active{animation:none;background:var(--accent)}}
.search-form{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
.search-form__field{flex:1 1 100%}
.search-form input[type=search],.search-form input[type=text]{width:100%;min-height:48px;padding:10px 12px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit}
.search-form input:focus-visible{outline:3px solid var(--accent);outline-offset:1px}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 20px;font-size:1rem;font-weight:600;border-radius:6px;border:0;cursor:pointer;text-decoration:none}
.button--primary{background:var(--accent);color:#fff}
.button:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.search-form .button{flex:1 1 100%}
.home__verticals{list-style:none;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
.home__verticals a{display:flex;align-items:center;justify-content:center;min-height:64px;border-radius:8px;background:#fff;border:1px solid #d0d5dd;font-weight:600;text-decoration:none}
.error-page{max-width:640px}
.footer{background:#eceef2;padding:16px;font-size:.875rem}
.footer__links{list-style:none;margin:0 auto;padding:0;max-width:1200px;display:flex;flex-wrap:wrap;gap:4px 16px}
.footer__links a{display:inline-block;padding:8px 0;color:#1b1f23}
@media (min-width:576px){.search-form__field{flex:1 1 200px}.search-form .button{flex:0 0 auto}}
@media (min-width:768px){h1{font-size:1.75rem}main{padding:24px}}
@media (min-width:992px){main{padding:32px 24px}}
`
  .replace(/\n/g, '')
  .trim();
