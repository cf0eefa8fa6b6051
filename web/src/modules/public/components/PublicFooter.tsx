import { Link } from 'react-router-dom';
import { authPaths, publicPaths } from '@/lib/paths';
import { BrandMark } from '@/ui/BrandMark';
import { publicLinks } from '../utils/publicLinks';
import { supportEmail } from '../utils/supportEmail';

/** Every public page, in three columns, under a short word about the product. */
export const PublicFooter = () => (
  <footer className="landing__footer">
    <div className="landing__inner">
      <div className="landing__footer-grid">
        <div className="landing__footer-brand">
          <Link to={publicPaths.home} aria-label="Outreach home">
            <BrandMark inverted size={26} />
          </Link>
          <p>Find and verify the right addresses, write e-mails worth answering and keep every conversation moving.</p>
          <Link className="landing__button landing__button--ghost landing__button--small" to={authPaths.signUp}>
            Create a free account
          </Link>
        </div>
        {publicLinks.footer.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="landing__footer-title">{group.title}</h2>
            <ul className="landing__footer-links">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="landing__footer-bottom">
        <span>© {new Date().getFullYear()} Outreach</span>
        <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
      </div>
    </div>
  </footer>
);
