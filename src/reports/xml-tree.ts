import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * An XML document as a small tree: every element with its local name (no namespace prefix), its
 * attributes, its children in order, its own text and the line it starts on. Text is kept as
 * the file has it (trimmed): ZIP codes such as 01234 and license numbers stay text, and numbers
 * are read where a rule or the report model needs one.
 */
export class XmlNode {
  readonly children: XmlNode[] = [];
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  text: string;
  readonly line: number;
  readonly parent: XmlNode | null;
  constructor(
    name: string,
    attributes: Readonly<Record<string, string>>,
    text: string,
    line: number,
    parent: XmlNode | null,
  ) {
    this.name = name;
    this.attributes = attributes;
    this.text = text;
    this.line = line;
    this.parent = parent;
  }

  /** The child elements named `name`. */
  all(name: string): XmlNode[] {
    return this.children.filter((child) => child.name === name);
  }

  /** The first child element named `name`, if any. */
  first(name: string): XmlNode | undefined {
    return this.children.find((child) => child.name === name);
  }

  /**
   * The elements at the end of a path of child names ("ADDRESS/PostalCode"), through every
   * repetition on the way, in document order.
   */
  select(path: string): XmlNode[] {
    let found: XmlNode[] = [this];
    for (const step of path.split('/')) {
      if (step === '') continue;
      found = found.flatMap((node) => node.all(step));
      if (found.length === 0) break;
    }
    return found;
  }

  /** The text of the first element at `path`; undefined when there is none or it is blank. */
  value(path: string): string | undefined {
    const node = this.select(path)[0];
    return node === undefined || node.text === '' ? undefined : node.text;
  }

  /** An attribute by its local name (`ValuationUseType`, `label` for `xlink:label`). */
  attribute(name: string): string | undefined {
    return this.attributes[name];
  }

  /** Every element below this one, this one first, in document order. */
  *descendants(): Generator<XmlNode> {
    yield this;
    for (const child of this.children) yield* child.descendants();
  }

  /** The names from the root to this element, for pointing a person at it. */
  path(): string {
    const siblings = this.parent?.all(this.name) ?? [this];
    const name = siblings.length > 1 ? `${this.name}[${siblings.indexOf(this) + 1}]` : this.name;
    return this.parent ? `${this.parent.path()}/${name}` : name;
  }

  /** Removes this element from its parent (used by tests that mutate a sample). */
  remove(): void {
    const siblings = this.parent?.children;
    if (siblings) siblings.splice(siblings.indexOf(this), 1);
  }
}

/** Why a document could not be read as XML, with the line where the reader stopped. */
export class MalformedXml extends Error {
  readonly line: number | null;
  constructor(message: string, line: number | null) {
    super(message);
    this.name = 'MalformedXml';
    this.line = line;
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

type OrderedEntry = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only XML's own five entities: a DOCTYPE is refused before parsing (no entity expansion).
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  captureMetaData: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

/** The offset of each line's start, to turn a character offset into a line number. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * Reads an XML document into a tree; MalformedXml (with its line) when it is not well-formed,
 * has no root element or declares a DOCTYPE (entities are a way to blow up memory, and no
 * appraisal format uses one).
 */
export function parseXml(text: string): XmlNode {
  if (/<!DOCTYPE/i.test(text.slice(0, 4096)) || /<!ENTITY/i.test(text))
    throw new MalformedXml('declares a DOCTYPE or entities, which appraisal files never do', null);
  const checked = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (checked !== true) throw new MalformedXml(checked.err.msg, checked.err.line);
  const starts = lineStarts(text);
  const entries = parser.parse(text) as OrderedEntry[];
  const build = (entry: OrderedEntry, parent: XmlNode | null): XmlNode | null => {
    const name = Object.keys(entry).find((key) => key !== ':@' && key !== '#text');
    if (name === undefined) return null;
    const attributes: Record<string, string> = {};
    for (const [key, value] of Object.entries((entry[':@'] ?? {}) as Record<string, string>))
      if (!key.startsWith('xmlns')) attributes[localName(key)] = String(value);
    const meta = (entry as Record<symbol, { startIndex?: number } | undefined>)[META];
    const node = new XmlNode(localName(name), attributes, '', lineOf(starts, meta?.startIndex ?? 0), parent);
    const texts: string[] = [];
    for (const child of entry[name] as OrderedEntry[]) {
      if ('#text' in child) texts.push(String(child['#text']));
      else {
        const element = build(child, node);
        if (element) node.children.push(element);
      }
    }
    node.text = texts.join(' ').trim();
    return node;
  };
  const root = entries.map((entry) => build(entry, null)).find((node) => node !== null);
  if (!root) throw new MalformedXml('has no root element', 1);
  return root;
}
