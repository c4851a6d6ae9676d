import { adSlotCss } from './ads/adSlotStyles';

/**
 * The site's CSS, inlined into every page's head (one round trip less on a
 * slow phone). Mobile first; breakpoints 576, 768, 992, 1200 px (spec §9).
 * The accent colour comes from the vertical (`--accent`, set on <html>).
 */
export const STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif;line-height:1.5;color:#1b1f23;background:#f6f7f9}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;overflow-wrap:break-word}
#root{flex:1 0 auto;display:flex;flex-direction:column}
[hidden]{display:none!important}
a{color:var(--accent-text)}
main{flex:1;width:100%;max-width:1200px;margin:0 auto;padding:16px}
main:focus{outline:none}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 16px}
h2{font-size:1.2rem}
h1,h2,.ad-card__title,.ad-page__description{-webkit-hyphens:auto;hyphens:auto}
.visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
.skip-link{position:absolute;left:8px;top:0;transform:translateY(-100%);z-index:10;padding:8px 12px;background:#fff;color:#000;border-radius:4px}
.skip-link:focus{top:8px;transform:none}
.header{display:flex;align-items:center;gap:12px;min-height:56px;padding:0 16px;background:var(--accent);color:#fff}
.header__logo{display:inline-flex;align-items:center;gap:8px;color:#fff;font-weight:700;font-size:1.25rem;text-decoration:none;min-height:48px}
.header__logo:focus-visible{outline:3px solid #fff;outline-offset:2px}
.loading-bar{height:3px;background:transparent}
.loading-bar--active{background:linear-gradient(90deg,var(--accent) 0,#fff 50%,var(--accent) 100%);background-size:200% 100%;animation:loading 1s linear infinite}
@keyframes loading{from{background-position:100% 0}to{background-position:-100% 0}}
@media (prefers-reduced-motion:reduce){.loading-bar--active{animation:none;background:var(--accent)}}
.search-form{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 16px}
.search-form__field{flex:1 1 100%}
.search-form input[type=search],.search-form input[type=text],.search-form select{width:100%;min-height:48px;padding:10px 12px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit}
.search-form input:focus-visible,.search-form select:focus-visible{outline:3px solid var(--accent);outline-offset:1px}
.button{display:inline-flex;align-items:center;justify-content:center;text-align:center;line-height:1.25;min-height:48px;max-width:100%;overflow-wrap:anywhere;padding:6px 20px;font-size:1rem;font-weight:600;border-radius:6px;border:0;cursor:pointer;text-decoration:none}
.button--primary{background:var(--accent);color:#fff}
.button:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.search-form .button{flex:1 1 100%}
.home__verticals{list-style:none;padding:0;display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
.home__verticals a{display:flex;align-items:center;justify-content:center;min-height:64px;border-radius:8px;background:#fff;border:1px solid #d0d5dd;font-weight:600;text-decoration:none}
.error-page{max-width:640px}
.footer{background:#eceef2;padding:16px;font-size:.875rem}
.footer__links{list-style:none;margin:0 auto;padding:0;max-width:1200px;display:flex;flex-wrap:wrap;gap:4px 16px}
.footer__links a{display:inline-block;padding:8px 0;color:#1b1f23}
.combobox{position:relative}
.combobox__list{position:absolute;z-index:15;left:0;right:0;top:100%;margin:2px 0 0;padding:4px 0;list-style:none;background:#fff;border:1px solid #6b7280;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.15)}
.combobox__list li{padding:10px 12px;cursor:pointer}
.combobox__list [aria-selected=true],.combobox__list li:hover{background:#eceef2}
.modal__actions{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.modal__actions .button,.alert-modal__actions .button{flex:1 1 auto}
.redirect-overlay{position:fixed;inset:0;z-index:40;background:rgba(255,255,255,.92);display:flex;align-items:center;justify-content:center;gap:12px;font-weight:600}
.redirect-overlay__spinner{width:28px;height:28px;border-radius:50%;border:3px solid #d0d5dd;border-top-color:var(--accent);animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
.cookie-banner{position:sticky;bottom:0;z-index:25;background:#fff;border-top:1px solid #d0d5dd;box-shadow:0 -4px 12px rgba(0,0,0,.08);padding:12px 16px}
.cookie-banner p{margin:0 0 8px;max-width:1200px}
.cookie-banner__actions{display:flex;gap:8px;flex-wrap:wrap}
.cookie-banner__actions .button{flex:1 1 140px}
.ad-page__columns{display:grid;grid-template-columns:minmax(0,2fr) minmax(280px,1fr);gap:32px;align-items:start}
.ad-page__aside{position:sticky;top:16px;background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:16px}
.ad-page__aside .ad-page__source{margin:16px 0 0}
@media (max-width:767px){.ad-page__columns{display:flex;flex-direction:column;gap:16px}.ad-page__aside{position:static;order:-1}}
.sources-loader{position:fixed;bottom:calc(16px + env(safe-area-inset-bottom));left:50%;transform:translateX(-50%);z-index:20;pointer-events:none;background:#fff;border:1px solid #d0d5dd;border-radius:12px;box-shadow:0 4px 16px rgba(0,0,0,.12);padding:12px 16px;max-width:92vw}
.sources-loader p{margin:0 0 8px;font-weight:600}
.sources-loader__logos{list-style:none;margin:0;padding:0;display:flex;gap:8px;flex-wrap:wrap}
.button--secondary{background:#fff;color:#1b1f23;border:1px solid #6b7280}
.serp__header h1{margin-bottom:4px}
.serp__count{margin:0 0 12px;color:#4b5563}
.serp__tools{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start;margin:0 0 16px}
.sort{max-width:100%;min-width:0}
.sort label{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.sort select{max-width:100%;min-width:0}
.sort select,.filters select{min-height:48px;padding:0 8px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:inherit}
.filters summary{list-style:none}
.filters summary::-webkit-details-marker{display:none}
.filters__label--open,.filters[open] .filters__label{display:none}
.filters[open] .filters__label--open{display:inline}
.filters[open] summary{position:fixed;top:8px;right:8px;z-index:31}[dir=rtl] .filters[open] summary{right:auto;left:8px}
.filters[open] .filters__panel{position:fixed;inset:0;z-index:30;overflow:auto;background:#fff;padding:64px 16px 0}
.filters__form{display:grid;gap:12px;max-width:720px;margin:0 auto}
.filters__reset{display:flex;justify-content:flex-end;max-width:720px;margin:0 auto 4px}.filters__reset a{display:inline-flex;align-items:center;min-height:44px;padding:0 4px}
.filters__field{display:flex;flex-direction:column;gap:4px;border:0;padding:0;margin:0}
.filters__field legend{padding:0;font-weight:600}
.filters__field>span{font-weight:600}
.filters__range{display:grid;grid-template-columns:1fr 1fr;gap:8px}
.filters__range legend{grid-column:1/-1}
.filters__range label{display:flex;flex-direction:column;gap:2px;min-width:0}
.filters input[type=number]{min-height:44px;padding:0 8px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;width:100%;min-width:0}
.filters select{width:100%;min-width:0}
.filters__check{flex-direction:row;align-items:center;min-height:44px}
.filters__check input{width:22px;height:22px}
.filters__actions{position:sticky;bottom:0;background:#fff;padding:8px 0 16px}
.filters__actions .button{width:100%}
.ad-list{list-style:none;margin:0 0 16px;padding:0;display:grid;gap:12px}
.ad-card{display:grid;grid-template-columns:112px 1fr;gap:12px;background:#fff;border:1px solid #d0d5dd;border-radius:8px;overflow:hidden}
.ad-card--premium{border-color:var(--accent)}
.ad-card__media{aspect-ratio:4/3;background:#e5e7eb}
.ad-card__media img{display:block;width:100%;height:100%;object-fit:cover}
.ad-card__no-image{width:100%;height:100%;background:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='%239ca3af' fill-rule='evenodd'><path d='M12 2 3 6.5v11l9 4.5 9-4.5v-11zm0 2.2L18.6 7.5 12 10.8 5.4 7.5z'/></svg>") center/auto 40% no-repeat}
html[data-vertical=homes] .ad-card__no-image{background-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='%239ca3af' fill-rule='evenodd'><path d='M12 3 2 11.5h3V21h5.5v-6h3v6H19v-9.5h3z'/></svg>")}
html[data-vertical=cars] .ad-card__no-image{background-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='%239ca3af' fill-rule='evenodd'><path d='M7 5h10l2.4 6H21v6H3v-6h1.6zm1.4 2-1.3 3h9.8l-1.3-3z'/><circle cx='7' cy='17' r='2'/><circle cx='17' cy='17' r='2'/></svg>")}
html[data-vertical=jobs] .ad-card__no-image{background-image:url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='%239ca3af' fill-rule='evenodd'><path d='M9 3h6a1 1 0 0 1 1 1v2h4a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h4V4a1 1 0 0 1 1-1zm1 2v1h4V5z'/></svg>")}
.ad-card__body{padding:8px 8px 8px 0;min-width:0}
.ad-card__title{font-size:1rem;margin:0 0 4px;line-height:1.3;overflow-wrap:anywhere}
.ad-card__title a{color:#1b1f23;text-decoration:none;display:inline-block;max-width:100%;min-height:24px}
.ad-card__title a:hover,.ad-card__title a:focus-visible{text-decoration:underline}
.ad-card__price{margin:0 0 4px;font-size:1.05rem}
.ad-card__price del,.ad-page__price del{color:#4b5563;font-size:.9em;margin-inline-start:6px}
.ad-card__meta{margin:0;color:#4b5563;font-size:.875rem;display:flex;flex-wrap:wrap;gap:4px 10px}
.ad-card__meta>*{min-width:0;overflow-wrap:anywhere}
.ad-card__badges{list-style:none;margin:6px 0 0;padding:0;display:flex;flex-wrap:wrap;gap:4px}
.badge{font-size:.75rem;padding:2px 8px;border-radius:999px;background:#eceef2;color:#1b1f23}
.badge--premium{background:var(--accent);color:#fff}
.badge--new{background:#d1fae5;color:#065f46}
.badge--drop{background:#fee2e2;color:#991b1b}
.paginator ul{list-style:none;padding:0;margin:16px 0;display:flex;flex-wrap:wrap;gap:6px}
.paginator a,.paginator span{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;padding:0 10px;border-radius:6px;border:1px solid #d0d5dd;background:#fff;text-decoration:none}
.paginator [aria-current]{background:var(--accent);color:#fff;border-color:var(--accent)}
.no-results__tips{padding-inline-start:20px}
.no-results__searched{overflow-wrap:anywhere}
.suggestions{list-style:none;padding:0}
.suggestions a{display:inline-block;padding:10px 0}
.ad-page h1{margin-bottom:8px}
.ad-page__price{font-size:1.4rem;margin:0 0 8px}
.ad-page__description{white-space:pre-line}
.gallery{list-style:none;padding:0;margin:16px 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px}
.gallery li:first-child{grid-column:1/-1}
.gallery img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:8px;background:#e5e7eb}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:16px 0}
.facts div{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:8px}
.facts dt{font-size:.8rem;color:#4b5563}
.facts dd{margin:0;font-weight:600}
.ad-page__source{margin:24px 0}
.ad-page__cta{position:sticky;bottom:0;z-index:5;margin:16px -16px 0;padding:8px 16px calc(8px + env(safe-area-inset-bottom));background:#fff;box-shadow:0 -1px 0 #d0d5dd}
.ad-page__cta .button{display:flex;width:100%;box-sizing:border-box;justify-content:center;text-align:center}
.ad-page__aside .ad-page__cta{position:static;margin:0;padding:0;box-shadow:none}
.apply{display:grid;grid-template-columns:minmax(0,1fr);gap:10px;max-width:560px;margin-top:16px}
.apply label{display:flex;flex-direction:column;gap:4px}
.apply input,.apply textarea{min-height:44px;min-width:0;max-width:100%;padding:8px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;font-family:inherit}
.apply__error{color:#991b1b}
.apply__sent{padding:12px;background:#d1fae5;border-radius:8px}
.notice{padding:12px;background:#fef3c7;border-radius:8px}
.seo-links{display:grid;gap:8px;margin-top:24px}
.seo-links ul,.keywords{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:2px 16px}
.seo-links a,.keywords a{display:inline-block;padding:8px 0}
.seo-links__count,.keywords__count{color:#4b5563;font-size:.875rem}
.letters{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:4px}
.letters a,.letters span{display:inline-flex;align-items:center;justify-content:center;min-width:44px;min-height:44px;border:1px solid #d0d5dd;border-radius:6px;background:#fff;text-decoration:none}
.letters--named a,.letters--named span{padding:0 12px}
.letters [aria-current]{background:var(--accent);color:#fff}
@media (min-width:576px){.ad-card{grid-template-columns:200px 1fr}}
@media (min-width:992px){.ad-list{grid-template-columns:1fr 1fr}.filters[open] summary{position:static}.filters[open] .filters__panel{position:static;padding:16px 0;background:transparent}.ad-list--related{grid-template-columns:repeat(3,1fr)}.ad-list--related .ad-card{grid-template-columns:1fr}.ad-list--related .ad-card__body{padding:8px}}
.ad-list.ad-list--popup{grid-template-columns:minmax(0,1fr)}.ad-list--popup .ad-card{grid-template-columns:112px minmax(0,1fr)}
@media (min-width:576px){.search-form__field{flex:1 1 200px}.search-form .button{flex:0 0 auto}}
@media (min-width:768px){h1{font-size:1.75rem}main{padding:24px}}
@media (min-width:992px){main{padding:32px 24px}}
.alert-creation{display:flex;flex-wrap:wrap;align-items:center;gap:8px;min-height:48px;margin:0 0 12px}
.alert-creation__saved{margin:0;padding:10px 12px;background:#d1fae5;border-radius:8px;font-weight:600}
.alert-creation .alert-form__error{flex-basis:100%}.alert-creation>.button{max-width:calc(50% - 4px);padding:6px 12px}
.alert-modal{position:fixed;inset:0;z-index:50;display:flex;align-items:flex-end;justify-content:center}
.alert-modal__backdrop{position:absolute;inset:0;background:rgba(17,24,39,.6)}
.alert-modal__dialog{position:relative;background:#fff;width:100%;max-width:520px;max-height:90vh;overflow:auto;padding:16px 16px 20px;border-radius:12px 12px 0 0;box-shadow:0 8px 24px rgba(0,0,0,.25)}
.alert-modal__dialog:focus{outline:none}
.alert-modal__head{display:flex;align-items:flex-start;justify-content:space-between;gap:8px}
.alert-modal__title{font-size:1.2rem;margin:8px 0}
.alert-modal__close{min-width:44px;min-height:44px;border:0;background:transparent;font-size:1.75rem;line-height:1;cursor:pointer;color:#1b1f23}
.alert-modal__close:focus-visible,.alert-form input:focus-visible,.nm select:focus-visible,.nm input:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.alert-modal__actions{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:8px;margin-top:16px}
body.alert-modal-open{overflow:hidden}
.alert-form{display:grid;gap:8px}
.alert-form input[type=email]{min-height:44px;padding:8px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;font-family:inherit}
.alert-form__check{display:flex;gap:8px;align-items:flex-start}
.alert-form__check input{width:24px;height:24px;margin:2px 0 0;flex:0 0 auto}
.alert-form__error{margin:0;color:#991b1b;font-weight:600}
.alert-dialog__done{padding:12px;background:#d1fae5;border-radius:8px}
.button--danger{background:#b91c1c;color:#fff}
.button:disabled{opacity:.6;cursor:default}
.push-banner{position:fixed;left:8px;right:8px;bottom:8px;z-index:40;max-width:560px;margin:0 auto;padding:12px 16px;background:#1b1f23;color:#fff;border-radius:10px;box-shadow:0 6px 20px rgba(0,0,0,.3);display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
.push-banner__text{margin:0;flex:1 1 220px}
.push-banner__actions{display:flex;gap:8px}
.snackbar{position:fixed;left:0;right:0;bottom:16px;z-index:45;display:flex;justify-content:center;pointer-events:none}
.snackbar__message{pointer-events:auto;display:flex;align-items:center;gap:12px;margin:0 8px;padding:8px 8px 8px 16px;border-radius:8px;background:#1b1f23;color:#fff;box-shadow:0 6px 20px rgba(0,0,0,.3)}
.snackbar__message--error{background:#991b1b}
.snackbar__close{min-height:44px;padding:0 12px;border:1px solid #fff;border-radius:6px;background:transparent;color:#fff;font:inherit;cursor:pointer}
.nm-nav ul{list-style:none;padding:0;margin:0 0 16px;display:flex;flex-wrap:wrap;gap:8px}
.nm-nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 14px;border:1px solid #d0d5dd;border-radius:22px;background:#fff;text-decoration:none}
.nm-nav a[aria-current=page]{background:var(--accent);border-color:var(--accent);color:#fff}
.nm-list{list-style:none;padding:0;margin:0 0 16px;display:grid;gap:12px}
.nm-alert{background:#fff;border:1px solid #d0d5dd;border-radius:8px;padding:12px 16px}
.nm-alert--paused{background:#f3f4f6}
.nm-alert__label{font-size:1.1rem;margin:0}
.nm-alert__details{margin:2px 0 0;color:#4b5563;font-size:.9em}
.nm-alert__state{margin:2px 0 8px;color:#4b5563}
.nm-alert__controls{display:flex;flex-wrap:wrap;align-items:center;gap:8px}
.nm select{min-height:44px;padding:0 8px;font-size:1rem;border:1px solid #6b7280;border-radius:6px;background:#fff}
.nm-newsletters{border:1px solid #d0d5dd;border-radius:8px;margin:16px 0;padding:12px 16px;display:grid;gap:8px;justify-items:start}
.nm-newsletters legend{font-weight:600;padding:0 4px}
.nm-permission{min-height:1.5em}
@media (min-width:576px){.alert-modal{align-items:center}.alert-modal__dialog{border-radius:12px}.modal__actions .button,.alert-modal__actions .button{flex:0 1 auto}}
.ad-slot{display:flex;align-items:center;justify-content:center;margin:16px auto;max-width:100%;overflow:hidden;background:#f1f2f4}
.ad-slot--oop{margin:0;background:transparent}
.ad-slot__frame{max-width:100%}
${adSlotCss()}
.feedback-open{display:inline-block;min-height:37px;padding:8px 0;font-size:inherit;border:0;background:transparent;color:#1b1f23;font:inherit;text-decoration:underline;cursor:pointer}
.feedback-open:focus-visible,.app-banner__close:focus-visible,.app-banner__store:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.feedback{display:grid;gap:8px}
.feedback__rating{border:0;margin:0;padding:0}
.feedback__rating legend{padding:0;margin-bottom:8px;font-weight:600}
.feedback__scale{display:flex;flex-wrap:wrap;gap:8px}
.feedback__option{display:inline-flex;align-items:center;gap:6px;min-width:56px;min-height:44px;padding:0 12px;border:1px solid #6b7280;border-radius:22px;background:#fff;cursor:pointer}
.feedback__option input{width:20px;height:20px;margin:0}
.feedback__option input:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.feedback__option:has(input:checked){background:var(--accent);border-color:var(--accent);color:#fff}
.feedback__label{font-weight:600;margin-top:8px}
.feedback__comment{min-height:96px;padding:8px;font:inherit;border:1px solid #6b7280;border-radius:6px}
.feedback__comment:focus-visible{outline:3px solid #1b1f23;outline-offset:2px}
.feedback__error{margin:0;color:#991b1b;font-weight:600}
.feedback__thanks{padding:12px;background:#d1fae5;border-radius:8px}
.app-banner-spacer{height:72px}
body:has(.app-banner) .ad-page__cta{bottom:72px}
.app-banner{position:fixed;left:0;right:0;bottom:0;z-index:19;height:72px;box-sizing:border-box;display:grid;grid-template-columns:auto auto 1fr auto;grid-template-rows:auto auto;align-content:center;gap:4px 8px;padding:0 4px 0 12px;background:#fff;border-top:1px solid #d0d5dd;box-shadow:0 -4px 16px rgba(0,0,0,.12)}
.app-banner__text{grid-column:1/4;margin:0;font-size:.8125rem;font-weight:600;line-height:1.2;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.app-banner__store{grid-row:2;display:inline-flex;align-items:center;min-height:36px;padding:0 10px;border-radius:6px;background:#1b1f23;color:#fff;font-size:.8125rem;font-weight:600;text-decoration:none;white-space:nowrap}
.app-banner__close{grid-column:4;grid-row:1/3;align-self:center;min-width:44px;min-height:44px;border:0;background:transparent;color:#1b1f23;font-size:1.5rem;line-height:1;cursor:pointer}
[dir=rtl] .app-banner{padding:0 12px 0 4px}@media (max-width:359px){.app-banner{padding-left:8px;column-gap:4px}[dir=rtl] .app-banner{padding-left:4px;padding-right:8px}.app-banner__text,.app-banner__store{font-size:.75rem}.app-banner__store{padding:0 8px}}
.featured-ad{min-height:232px;margin-top:24px}
.featured-ad--expired{min-height:0;margin:0}
.featured-ad__title{font-size:1.1rem;margin:0 0 8px}
@media (min-width:576px){.featured-ad{min-height:208px}}
`
  .replace(/\n/g, '')
  .trim();
