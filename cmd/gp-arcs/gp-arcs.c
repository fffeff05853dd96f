/* Placeholder: being written. */
#include <stdlib.h>

#include "prof.h"

int
main(void)
{
	return 1;
}
