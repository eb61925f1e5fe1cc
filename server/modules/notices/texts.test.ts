import { describe, expect, it } from "vitest";
import { translator } from "../languages";
import { composeNoticeMail, type Notice } from "./texts";

const site = { name: "Night Owls", publicUrl: "https://owls.example" };
const handIns = (n: number): Notice[] =>
  Array.from({ length: n }, (_, i) => ({ kind: "hand-in", id: `h${i}`, summary: `Candidate ${i + 1}` }));
const mailIn = (tag: Parameters<typeof translator>[0], notices: Notice[]) => composeNoticeMail(notices, translator(tag).t, site);

describe("the owners' digest", () => {
  it("when several arrive, then the English digest counts them and lists each with the link", () => {
    const mail = mailIn("en", handIns(2));
    expect(mail.subject).toBe("2 new arrivals on Night Owls");
    expect(mail.text).toContain(
      "2 new arrivals on Night Owls since the last e-mail:\n\n2 audition hand-ins\n- Candidate 1\n- Candidate 2\n",
    );
    expect(mail.text).toContain("See the hand-ins: https://owls.example/admin/auditions");
    expect(mail.html).toContain("<li>Candidate 2</li>");
  });

  it("when the site speaks French, then one is singular and several plural", () => {
    expect(mailIn("fr", handIns(1)).subject).toBe("Nouveau rendu d’audition : Candidate 1");
    const mail = mailIn("fr", handIns(3));
    expect(mail.subject).toBe("3 nouveautés sur Night Owls");
    expect(mail.text).toContain("3 rendus d’audition\n");
    expect(mail.text).toContain("Voir les rendus : https://owls.example/admin/auditions");
  });

  it("when the site speaks Arabic, then two, a few and many take their own forms", () => {
    expect(mailIn("ar", handIns(2)).subject).toBe("عنصران جديدان على Night Owls");
    expect(mailIn("ar", handIns(2)).text).toContain("تسليما اختبار\n");
    expect(mailIn("ar", handIns(3)).subject).toBe("3 عناصر جديدة على Night Owls");
    expect(mailIn("ar", handIns(11)).subject).toBe("11 عنصرًا جديدًا على Night Owls");
    expect(mailIn("ar", handIns(11)).text).toContain("11 تسليمًا للاختبار\n");
  });

  it("when a summary holds markup, then the HTML part shows it as text", () => {
    const mail = mailIn("en", [{ kind: "message", id: "m", summary: '<img src=x onerror="alert(1)">' }]);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.text).toContain("Listen to the messages: https://owls.example/admin/messages");
  });
});
