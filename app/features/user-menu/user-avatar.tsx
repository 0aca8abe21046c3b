import { displayName } from "./display-name";

const SIZES = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-24 text-3xl" } as const;

/** Only our stored images: the page's CSP shows no other (a Google account's picture URL, say). */
const isStoredImage = (url: string | null | undefined): url is string => Boolean(url?.startsWith("/api/images/"));

/** The account's profile image, or its initial on a coloured disc; decorative beside the name unless given an `alt`. */
export function UserAvatar({
  user,
  size,
  alt = "",
}: {
  user: { name?: string | null; email: string; image?: string | null };
  size: keyof typeof SIZES;
  /** The image's text where it stands alone (the profile page). */
  alt?: string;
}) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (isStoredImage(user.image)) return <img src={user.image} alt={alt} className={`${box} object-cover`} />;
  const initial = displayName(user).charAt(0).toUpperCase() || "?";
  return (
    <span aria-hidden="true" className={`${box} grid place-items-center bg-blue-700 font-semibold text-white`}>
      {initial}
    </span>
  );
}
