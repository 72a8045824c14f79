/** A member's profile page (the timeline area's /user/members/{id}). */
export function memberProfileUrl(memberId: number) {
  return `/user/members/${memberId}`;
}
