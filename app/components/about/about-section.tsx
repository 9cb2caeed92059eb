import { useTranslation } from "react-i18next";
import { StaticMarkup } from "~/lib/static-markup";
import type { AboutContent } from "~/services/about.server";
import styles from "./about-section.module.css";
import { AboutIcon } from "./about-icon";

const socialNames = { linkedin: "LinkedIn", twitter: "X (Twitter)", instagram: "Instagram" } as const;

export function AboutSection({ about }: { about: AboutContent }) {
  const { t, i18n } = useTranslation();
  return (
    <section id="a-propos" className={`section ${styles.about}`} aria-labelledby="about-title">
      {/* The same for every visitor of a language: the server renders it once. */}
      <StaticMarkup
        as="div"
        className="section-inner"
        cacheKey={`about\n${i18n.language}\n${JSON.stringify(about)}`}
        render={() => (
          <>
            <h2 id="about-title">{about.title}</h2>
            <p className={styles.subtitle}>{about.subtitle}</p>
            <p className={styles.description}>{about.description}</p>

            <ul className={styles.stats}>
              {about.stats.map((stat) => (
                <li key={stat.label} className={styles.stat}>
                  <AboutIcon name={stat.icon} />
                  <span className={styles.statValue}>{stat.value}</span>
                  <span className={styles.statLabel}>{stat.label}</span>
                </li>
              ))}
            </ul>

            <ul className={styles.values}>
              {about.values.map((value) => (
                <li key={value.title} className="card">
                  <span className={styles.valueIcon}>
                    <AboutIcon name={value.icon} />
                  </span>
                  <h3>{value.title}</h3>
                  <p>{value.description}</p>
                </li>
              ))}
            </ul>

            <h3 className={styles.teamTitle}>{about.teamTitle}</h3>
            <ul className={styles.team}>
              {about.team.map((member) => (
                <li key={member.id} className={`card ${styles.member}`}>
                  <img src={member.photo} alt="" width="72" height="72" className={styles.photo} loading="lazy" />
                  <h4>{member.name}</h4>
                  <p className={styles.role}>{member.role}</p>
                  <p>{member.bio}</p>
                  <ul className={styles.socials}>
                    {(Object.keys(socialNames) as (keyof typeof socialNames)[]).map((network) =>
                      member.socials[network] ? (
                        <li key={network}>
                          <a
                            href={member.socials[network]}
                            target="_blank"
                            rel="noopener noreferrer"
                            aria-label={`${member.name} – ${socialNames[network]} ${t("footer.opensInNewTab")}`}
                          >
                            {socialNames[network]}
                          </a>
                        </li>
                      ) : null,
                    )}
                  </ul>
                </li>
              ))}
            </ul>
          </>
        )}
      />
    </section>
  );
}
