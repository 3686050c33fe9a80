import { ENGRAVING_FONT_FACES, engravingStyleText, type EngravingFont } from '@facet/contracts/engraving-rules';

/** An engraving on a line (cart, order, slips): the words exactly as typed, in their font. */
export function EngravedWords({
  engraving,
  className = 'mt-1 text-xs text-muted',
  plain = false,
}: {
  engraving: { text: string; font: EngravingFont; place: string };
  className?: string;
  /** Staff documents: the words in a plain face, so the engraver reads every character for sure. */
  plain?: boolean;
}) {
  return (
    <p className={className} data-testid="engraving">
      Engraving ({engravingStyleText(engraving)}):{' '}
      <span
        className={plain ? 'whitespace-pre-wrap text-ink' : 'text-base text-ink'}
        style={plain ? undefined : { fontFamily: ENGRAVING_FONT_FACES[engraving.font].family }}
      >
        “{engraving.text}”
      </span>
    </p>
  );
}
