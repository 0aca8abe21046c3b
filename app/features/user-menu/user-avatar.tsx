import { displayName } from "./display-name";

const SIZES = { sm: "size-8 text-sm", md: "size-10 text-base", lg: "size-24 text-3xl" } as const;

/** The account's profile image, or its initial on a coloured disc; decorative beside the name. */
export function UserAvatar({
  user,
  size,
}: {
  user: { name?: string | null; email: string; image?: string | null };
  size: keyof typeof SIZES;
}) {
  const box = `${SIZES[size]} shrink-0 rounded-full`;
  if (user.image) return <img src={user.image} alt="" className={`${box} object-cover`} />;
  const initial = displayName(user).charAt(0).toUpperCase() || "?";
  return (
    <span aria-hidden="true" className={`${box} grid place-items-center bg-blue-700 font-semibold text-white`}>
      {initial}
    </span>
  );
}
