/** How a member is named wherever one is picked or shown in a list: "Name (email)", or the email when there is no name. */
export function memberLabel(member: { name?: string | null; email: string }): string {
  return member.name ? `${member.name} (${member.email})` : member.email;
}
