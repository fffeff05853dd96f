/* order.c: call counts spread so that gprof -r's 99% share of the arc
   counts falls between arcs (most calls on one arc, a tail of others). */
volatile int v;
void leaf(void) { v++; }
void f6(void) { v++; }
void f5(void) { f6(); }
void f4(int n) { for (int i = 0; i < n; i++) f5(); }
void f3(int n) { for (int i = 0; i < n; i++) f4(3); }
void f2(int n) { for (int i = 0; i < n; i++) leaf(); }
void f1(void) { f2(985000); f3(1500); f2(10); }
void g1(void) { f6(); leaf(); }
int main(void) { f1(); for (int i = 0; i < 900; i++) g1(); f4(2000); return 0; }
