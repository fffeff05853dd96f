#include <stdio.h>
#include "prof.h"
int main(void){puts("x");return 0;}
