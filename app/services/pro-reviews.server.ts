import reviewsFile from "../../public/data/reviews.json";
import type { Language } from "~/i18n/languages";

// The professional reviews carousel reads public/data/reviews.json (also
// served to JavaScript clients as /data/reviews.json): the list
// `professionalReviews` in French, the other languages under `translations`.

export interface ProfessionalReview {
  id: string;
  name: string;
  profession: string;
  photo: string;
  rating: number;
  comment: string;
}

type Translations = Record<string, Record<string, { profession: string; comment: string }>>;

export function professionalReviews(language: Language): ProfessionalReview[] {
  const translated = (reviewsFile.translations as Translations)[language];
  return reviewsFile.professionalReviews.map((review) => ({ ...review, ...translated?.[review.id] }));
}
