import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData } from "react-router";
import type { RootLoaderData } from "~/lib/root-loader-data";
import { FacebookIcon, InstagramIcon, TiktokIcon, YoutubeIcon } from "./icons";
import { AnimatedPebblesLogo } from "./animated-logo";

const socialLinks = [
  { name: "Instagram", href: "https://www.instagram.com/", Icon: InstagramIcon },
  { name: "Facebook", href: "https://www.facebook.com/", Icon: FacebookIcon },
  { name: "YouTube", href: "https://www.youtube.com/", Icon: YoutubeIcon },
  { name: "TikTok", href: "https://www.tiktok.com/", Icon: TiktokIcon },
];

export function SiteFooter() {
  const { t } = useTranslation();
  // Missing only on the error screen of a root loader that failed.
  const year = useRouteLoaderData<RootLoaderData>("root")?.year;
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <section className="footer-about" aria-labelledby="footer-about-title">
          <h2 id="footer-about-title" className="footer-brand">
            <AnimatedPebblesLogo size={28} label={t("a11y.animateLogo")} />
            {t("footer.aboutTitle")}
          </h2>
          <p>{t("footer.about")}</p>
        </section>
        <nav className="footer-links" aria-labelledby="footer-links-title">
          <h2 id="footer-links-title">{t("footer.quickLinks")}</h2>
          <ul>
            <li>
              <Link to="/outils">{t("nav.tools")}</Link>
            </li>
            <li>
              <Link to="/exo">{t("nav.exercises")}</Link>
            </li>
            <li>
              <Link to="/contact">{t("nav.contact")}</Link>
            </li>
            <li>
              <Link to="/mentions-legales">{t("footer.legal")}</Link>
            </li>
          </ul>
        </nav>
        <section className="footer-social" aria-labelledby="footer-social-title">
          <h2 id="footer-social-title">{t("footer.follow")}</h2>
          <ul className="social-row">
            {socialLinks.map(({ name, href, Icon }) => (
              <li key={name}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="icon-button"
                  aria-label={`${name} ${t("footer.opensInNewTab")}`}
                  title={name}
                >
                  <Icon />
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="footer-bottom">
        {year ? <p>{t("footer.rights", { year })}</p> : null}
        <p className="footer-legal">
          <Link to="/mentions-legales">{t("footer.legal")}</Link>
          <Link to="/privacy-policy">{t("footer.privacy")}</Link>
          <Link to="/cookies">{t("footer.cookies")}</Link>
        </p>
      </div>
    </footer>
  );
}
