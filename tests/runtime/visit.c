/*
 * visit.c: a visitor recursing through one call site, as tinyxml2's
 * XMLElement::Accept does: elem calls each child's accept through a
 * pointer, the same instruction reaching elem again and then text.  A call
 * to text is made at the very call site the elem above it was called
 * from, which is what an inlined call in elem looks like to the hooks;
 * it is a real call, to be counted also with GPRT_INLINE=0.
 * The calls: main -> elem N, elem -> elem N, elem -> text N.
 */
#define N	1000

struct node {
	void		(*accept)(struct node *);
	struct node	*kid;
};

volatile int sink;

static void
text(struct node *n)
{
	(void)n;
	for (int i = 0; i < 50; i++)
		sink += i;
}

static void
elem(struct node *n)
{
	sink++;
	if (n->kid != 0)
		n->kid->accept(n->kid);
}

int
main(void)
{
	struct node t = { text, 0 }, e2 = { elem, &t }, e1 = { elem, &e2 };
	int i;

	for (i = 0; i < N; i++)
		elem(&e1);
	return 0;
}
